/*
 * An order's payment methods and the Italian names of its states and methods, said once for both sides: the server's refusals
 * ("Non è possibile annullare un ordine «Pronto»") and the web's badges (@labels/orders). Pure data,
 * importing nothing, so the browser runs it as it is.
 */

/** Spec §4, with the badge labels the screens show. */
export const orderStatusLabels = {
  pending: 'In attesa',
  preparing: 'In preparazione',
  ready: 'Pronto',
  shipping: 'In consegna',
  completed: 'Completato',
  cancelled: 'Annullato',
} as const;

/** An order's payment as people read it: `partially_refunded` when part of what was paid went back (a dispute's refund). */
export const orderPaymentStatuses = ['pending', 'paid', 'failed', 'partially_refunded', 'refunded'] as const;
export type OrderPaymentStatus = (typeof orderPaymentStatuses)[number];

export const paymentStatusLabels = {
  pending: 'Da pagare',
  paid: 'Pagato',
  failed: 'Pagamento non riuscito',
  partially_refunded: 'Rimborsato in parte',
  refunded: 'Rimborsato',
} as const satisfies Record<OrderPaymentStatus, string>;

/** A refund of an order: asked (on its way to the provider) or confirmed by it. */
export const refundStatuses = ['requested', 'refunded'] as const;
export const refundStatusLabels = { requested: 'In corso', refunded: 'Rimborsato' } as const satisfies Record<(typeof refundStatuses)[number], string>;
/** The cases a refund of an order may come from. */
export const refundCaseKinds = ['dispute', 'complaint'] as const;
export const refundCaseKindLabels = { dispute: 'Contestazione', complaint: 'Reclamo' } as const satisfies Record<(typeof refundCaseKinds)[number], string>;

export const deliveryTypeLabels = { pickup: 'Ritiro in negozio', shipping: 'Spedizione' } as const;

/**
 * Spec §3: cash (at the counter or the door), or online on the provider's page: stripe (card),
 * paypal, and sandbox (the built-in test provider, "nessun addebito reale", where the real ones
 * would be).
 */
export const paymentMethods = ['cash', 'stripe', 'paypal', 'sandbox'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

/** A method as a sentence names it (the refusal «… non accetta la carta: accetta solo contanti.»). */
export const paymentMethodNames: Record<PaymentMethod, string> = {
  cash: 'contanti',
  stripe: 'carta',
  paypal: 'PayPal',
  sandbox: 'pagamento di prova',
};

/** A method as the checkout offers it. */
export const paymentMethodLabels: Record<PaymentMethod, string> = {
  cash: 'Contanti',
  stripe: 'Carta di credito o debito',
  paypal: 'PayPal',
  sandbox: 'Carta — pagamento di prova (nessun addebito reale)',
};

/** The one-time code a person typed at the counter (pickup) or at the door (delivery). */
export const orderCodeKindLabels = { pickup: 'Codice di ritiro', delivery: 'Codice di consegna' } as const;

/** Where a customer's withdrawal is (withdrawal.ts): sent, the goods back at the shop (the refund on its way), refunded. */
export const withdrawalStates = ['requested', 'returned', 'refunded'] as const;
export type WithdrawalState = (typeof withdrawalStates)[number];
export const withdrawalStateLabels = {
  requested: 'Recesso inviato',
  returned: 'Merce restituita, rimborso in corso',
  refunded: 'Rimborsato',
} as const satisfies Record<WithdrawalState, string>;
