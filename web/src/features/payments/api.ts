import type { ResponseOf } from '@platform/http/contract';
import type { paymentAccountsApi, paymentsApi } from '@contracts/payments';
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

export type ShopPaymentAccounts = ResponseOf<typeof paymentAccountsApi.mine>;
export type PaymentAccount = NonNullable<ShopPaymentAccounts['providers'][number]['account']>;
export type AccountProvider = ShopPaymentAccounts['providers'][number]['provider'];
export type SandboxAccount = ResponseOf<typeof paymentAccountsApi.sandboxAccount>;

export const myPaymentAccountsKey = ['payments', 'accounts', 'mine'] as const;
/** GET /api/stores/me/payment-accounts: the shop's accounts at each provider the platform offers. */
export const fetchMyPaymentAccounts = () => apiGet<ShopPaymentAccounts>('/api/stores/me/payment-accounts');
/** The provider's onboarding page for the shop's account there (the account opened first if need be). */
export const startAccountOnboarding = (provider: AccountProvider) => apiRequest<{ url: string }>('POST', `/api/stores/me/payment-accounts/${provider}/onboarding`);
/** What the provider says of the account now (the shopkeeper is back from its page). */
export const refreshPaymentAccount = (provider: AccountProvider) => apiRequest<ShopPaymentAccounts>('POST', `/api/stores/me/payment-accounts/${provider}/refresh`);

export const sandboxAccountKey = (accountId: string) => ['payments', 'sandbox-account', accountId] as const;
export const fetchSandboxAccount = (accountId: string) => apiGet<SandboxAccount>(`/api/payments/sandbox/accounts/${accountId}`, { on401: 'null' });
export const activateSandboxAccount = (accountId: string) => apiRequest<SandboxAccount>('POST', `/api/payments/sandbox/accounts/${accountId}/activate`);

export { accountStatusHints, accountStatusLabels } from '@labels/payments';
