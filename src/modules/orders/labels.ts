/*
 * The Italian names of an order's states, said once for both sides: the server's refusals
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

export const paymentStatusLabels = {
  pending: 'Da pagare',
  paid: 'Pagato',
  failed: 'Pagamento non riuscito',
  refunded: 'Rimborsato',
} as const;

export const deliveryTypeLabels = { pickup: 'Ritiro in negozio', shipping: 'Spedizione' } as const;
