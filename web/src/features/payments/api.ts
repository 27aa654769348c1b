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

/** Whose accounts: the shopkeeper's shop's, or the collaborator's own (their compensations). */
export type AccountHolder = 'store' | 'collaborator';
const accountsPath: Record<AccountHolder, string> = { store: '/api/stores/me/payment-accounts', collaborator: '/api/collaborators/me/payment-accounts' };

export const myPaymentAccountsKey = (holder: AccountHolder = 'store') => ['payments', 'accounts', 'mine', holder] as const;
/** GET …/me/payment-accounts: the holder's accounts at each provider the platform offers. */
export const fetchMyPaymentAccounts = (holder: AccountHolder = 'store') => apiGet<ShopPaymentAccounts>(accountsPath[holder]);
/** The provider's onboarding page for the holder's account there (the account opened first if need be). */
export const startAccountOnboarding = (provider: AccountProvider, holder: AccountHolder = 'store') =>
  apiRequest<{ url: string }>('POST', `${accountsPath[holder]}/${provider}/onboarding`);
/** What the provider says of the account now (the holder is back from its page). */
export const refreshPaymentAccount = (provider: AccountProvider, holder: AccountHolder = 'store') =>
  apiRequest<ShopPaymentAccounts>('POST', `${accountsPath[holder]}/${provider}/refresh`);

export const sandboxAccountKey = (accountId: string) => ['payments', 'sandbox-account', accountId] as const;
export const fetchSandboxAccount = (accountId: string) => apiGet<SandboxAccount>(`/api/payments/sandbox/accounts/${accountId}`, { on401: 'null' });
export const activateSandboxAccount = (accountId: string) => apiRequest<SandboxAccount>('POST', `/api/payments/sandbox/accounts/${accountId}/activate`);

export { accountStatusHints, accountStatusLabels, collaboratorAccountStatusHints } from '@labels/payments';
