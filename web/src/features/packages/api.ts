import { useQuery } from '@tanstack/react-query';
import type { BodyOf, ResponseOf } from '@platform/http/contract';
import type { packagesApi } from '@contracts/packages';
import type { paymentsApi } from '@contracts/payments';
import { apiGet, apiRequest } from '../../lib/client';
import { businessDataStaleTime } from '../../lib/query-client';

/* The packages on sale and the shopkeeper's own (docs/api-packages.md). */

export type PublicPackage = ResponseOf<typeof packagesApi.list>[number];
export type MyPackages = ResponseOf<typeof packagesApi.mine>;

export const packageTypeLabels: Record<PublicPackage['type'], string> = {
  free: 'Gratuito',
  ai: 'Crediti AI',
  ai_collaborator: 'Collaboratore',
  shipping: 'Spedizioni',
  premium: 'Premium',
  price_comparison: 'Confronto prezzi',
};

export const usePackages = () =>
  useQuery({ queryKey: ['/api/packages'], staleTime: businessDataStaleTime, queryFn: async () => (await apiGet<PublicPackage[]>('/api/packages')) ?? [] });
export const useMyPackages = () =>
  useQuery({
    queryKey: ['/api/packages/mine'],
    staleTime: businessDataStaleTime,
    queryFn: async (): Promise<MyPackages> => (await apiGet<MyPackages>('/api/packages/mine')) ?? { current: null, purchases: [] },
  });

export type PaymentMethod = ResponseOf<typeof paymentsApi.methods>['methods'][number];
type Purchased = ResponseOf<typeof packagesApi.purchase, 201>;

/** A buy button's words after its verb, by the way it pays ("Acquista con carta"). */
export const buyLabels: Record<PaymentMethod, string> = { stripe: 'con carta', paypal: 'con PayPal', sandbox: '(pagamento di prova)' };

/** What a payment can be made with now (the admin's payment settings). */
export const usePaymentMethods = () =>
  useQuery({
    queryKey: ['/api/payments/methods'],
    staleTime: businessDataStaleTime,
    queryFn: async () => (await apiGet<ResponseOf<typeof paymentsApi.methods>>('/api/payments/methods'))?.methods ?? [],
  });

/** Buys a package (one key per click: a retried request is the same purchase); the provider's page to pay on, or null when it was free. */
export const purchasePackage = (id: string, paymentMethod: BodyOf<typeof packagesApi.purchase>['paymentMethod'], idempotencyKey: string) =>
  apiRequest<Purchased>('POST', `/api/packages/${id}/purchase`, { paymentMethod }, { 'Idempotency-Key': idempotencyKey });
