import type { ResponseOf } from '@platform/http/contract';
import type { paymentsApi } from '@contracts/payments';
import { apiGet, apiRequest } from '../../lib/client';

export type SandboxPayment = ResponseOf<typeof paymentsApi.sandboxPayment>;
export type PaymentRecord = ResponseOf<typeof paymentsApi.get>;

export const sandboxPaymentKey = (id: string) => ['payments', 'sandbox', id] as const;

/** GET /api/payments/sandbox/:id: what is being paid; null when nobody is logged in. */
export const fetchSandboxPayment = (id: string) => apiGet<SandboxPayment>(`/api/payments/sandbox/${id}`, { on401: 'null' });

/** The payer's choice on the sandbox's page: the server answers the payment as its webhook left it. */
export const chooseOnSandbox = (id: string, choice: 'pay' | 'refuse') => apiRequest<SandboxPayment>('POST', `/api/payments/sandbox/${id}/${choice}`);

/** Spec §4 payment transaction states, in Italian. */
export const paymentStatusLabels: Record<PaymentRecord['status'], string> = {
  pending: 'In attesa',
  processing: 'In lavorazione',
  completed: 'Completato',
  failed: 'Non riuscito',
  cancelled: 'Annullato',
  refunded: 'Rimborsato',
};

/** Spec §3 transactionType, in Italian. */
export const transactionTypeLabels: Record<PaymentRecord['transactionType'], string> = {
  package_purchase: 'Acquisto pacchetto',
  order_payment: 'Pagamento ordine',
  collaboration_payment: 'Pagamento collaborazione',
  refund: 'Rimborso',
  credit_purchase: 'Acquisto crediti',
};

/** Spec §3 paymentMethod, in Italian. */
export const paymentMethodLabels: Record<PaymentRecord['paymentMethod'], string> = {
  credit_card: 'Carta',
  paypal: 'PayPal',
  bank_transfer: 'Bonifico',
  credits: 'Crediti',
};

export const paymentProviderLabels: Record<PaymentRecord['paymentProvider'], string> = {
  sandbox: 'Prova (sandbox)',
  stripe: 'Stripe',
  paypal: 'PayPal',
};
