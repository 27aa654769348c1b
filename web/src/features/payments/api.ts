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

/* A payment's states, kinds, methods and providers in Italian: the payments module's own (src/modules/payments/labels.ts). */
export { paymentMethodLabels, paymentProviderLabels, paymentStatusLabels, transactionTypeLabels } from '@labels/payments';
