import type { PaymentMethod, PaymentProviderName, PaymentStatus, TransactionType } from './payment.js';

/*
 * A payment's states, kinds, methods and providers in Italian, said once for both sides: the
 * server's refusals ("Il pagamento è completato: …") and the web's lists, filters and history
 * (@labels/payments). Pure data, importing nothing at run time.
 */

/** As a sentence reads it: "Il pagamento è completato". */
export const statusLabels: Record<PaymentStatus, string> = {
  pending: 'in attesa',
  processing: 'in lavorazione',
  completed: 'completato',
  failed: 'non riuscito',
  cancelled: 'annullato',
  refunded: 'rimborsato',
};

/** Spec §4 payment transaction states, as a list or a badge shows them. */
export const paymentStatusLabels: Record<PaymentStatus, string> = {
  pending: 'In attesa',
  processing: 'In lavorazione',
  completed: 'Completato',
  failed: 'Non riuscito',
  cancelled: 'Annullato',
  refunded: 'Rimborsato',
};

/** Spec §3 transactionType. */
export const transactionTypeLabels: Record<TransactionType, string> = {
  package_purchase: 'Acquisto pacchetto',
  order_payment: 'Pagamento ordine',
  collaboration_payment: 'Pagamento collaborazione',
  refund: 'Rimborso',
  credit_purchase: 'Acquisto crediti',
};

/** Spec §3 paymentMethod. */
export const paymentMethodLabels: Record<PaymentMethod, string> = {
  credit_card: 'Carta',
  paypal: 'PayPal',
  bank_transfer: 'Bonifico',
  credits: 'Crediti',
};

export const paymentProviderLabels: Record<PaymentProviderName, string> = {
  sandbox: 'Pagamenti di prova',
  stripe: 'Stripe',
  paypal: 'PayPal',
};

/** What a payment pays for (its metadata's `purpose.kind`). */
export const purposeKindLabels: Record<string, string> = {
  package: 'Pacchetto',
  order: 'Ordine',
  credits: 'Crediti AI',
  collaboration: 'Collaborazione',
  test: 'Prova',
};
