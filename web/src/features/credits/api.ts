import { useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '@platform/http/contract';
import type { creditsApi } from '@contracts/credits';
import { apiGet, apiRequest } from '../../lib/client';
import { usePagedList } from '../../lib/lists';
import { businessDataStaleTime } from '../../lib/query-client';
import type { PaymentMethod } from '../packages/api';
import { plural } from '@platform/domain/format';

/* The AI credits of the logged-in shopkeeper or collaborator (docs/api-credits.md). */

export type CreditsSummary = ResponseOf<typeof creditsApi.summary>;
export type CreditMovement = CreditsSummary['movements'][number];
export type CreditPurchase = CreditsSummary['purchases'][number];
type Purchased = ResponseOf<typeof creditsApi.purchase, 201>;

export const creditsUrl = '/api/credits';

/** The balance, what expires soon, the latest movements and purchases. */
export const useCredits = () => useQuery({ queryKey: [creditsUrl], staleTime: businessDataStaleTime, queryFn: () => apiGet<CreditsSummary>(creditsUrl) });

/** Every movement, a page at a time. */
export const useCreditMovements = () => usePagedList<CreditMovement>('/api/credits/movements', { pageSize: 20, businessData: true });

/** Buys a pack of credits (one key per click: a retried request is the same purchase): the provider's page to pay on. */
export const purchaseCredits = (packageId: string, paymentMethod: PaymentMethod, idempotencyKey: string) =>
  apiRequest<Purchased>('POST', '/api/credits/purchase', { packageId, paymentMethod }, { 'Idempotency-Key': idempotencyKey });

/** What each kind of movement is called, for the one who owns the credits. */
export const movementLabels: Record<CreditMovement['kind'], string> = {
  purchase: 'Acquisto',
  adjustment: 'Accredito',
  spend: 'Uso',
  hold: 'Uso',
  charge: 'Addebitati',
  release: 'Restituiti',
  removal: 'Correzione',
  withdrawal: 'Ripresi',
  expiry: 'Scaduti',
  transfer_out: 'Affidati',
  transfer_in: 'Ricevuti',
  transfer_return: 'Restituiti al negozio',
  transfer_back: 'Tornati',
};

/** "1 credito", "12 crediti". */
export const creditsText = (n: number): string => plural(n, 'credito', 'crediti');
