import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '@platform/http/contract';
import type { earningsApi } from '@contracts/earnings';
import { apiGet } from '../../lib/client';

export type ShopEarnings = ResponseOf<typeof earningsApi.mine>;
export type EarningsMovement = ShopEarnings['movements'][number];
export type EarningsPayout = ShopEarnings['payouts'][number];

/** GET /api/earnings/mine: the shop's takings from `from` to `to` (Rome days; the current month without them). */
export function useEarnings(period: { from: string | null; to: string | null }) {
  const query = new URLSearchParams();
  if (period.from) query.set('from', period.from);
  if (period.to) query.set('to', period.to);
  const url = `/api/earnings/mine${query.size ? `?${query}` : ''}`;
  return useQuery({ queryKey: ['earnings', 'mine', period.from, period.to], queryFn: async () => (await apiGet<ShopEarnings>(url))! });
}

export const movementLabels: Record<EarningsMovement['kind'], string> = {
  sale: 'Vendita',
  refund: 'Rimborso',
  chargeback: 'Contestazione bancaria',
  chargeback_reversal: 'Contestazione vinta',
  payout: 'Bonifico in banca',
  payout_reversal: 'Bonifico non riuscito',
  transfer: 'Compenso ricevuto',
};

export type StatementMonths = ResponseOf<typeof earningsApi.statements>;

/** A holder's statements as a list shows them: the months loaded, and the older ones on demand. */
export interface StatementMonthList {
  months: StatementMonths['months'];
  hasMore: boolean;
  loadMore: () => void;
  isLoadingMore: boolean;
}

/**
 * The months with movements of a holder's statements (`url`: the shop's, the collaborator's, or the
 * admin's view of either), the current one first, 24 at a time (`?before=`), the older on demand.
 */
export function useStatementMonthsOf(url: string | null) {
  const query = useInfiniteQuery({
    queryKey: [url ?? '', 'months'],
    enabled: url !== null,
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam }) => (await apiGet<StatementMonths>(pageParam ? `${url}?before=${pageParam}` : url!))!,
    getNextPageParam: (last) => last.next,
  });
  const list: StatementMonthList | undefined = query.data && {
    months: query.data.pages.flatMap((page) => page.months),
    hasMore: query.hasNextPage,
    loadMore: () => void query.fetchNextPage(),
    isLoadingMore: query.isFetchingNextPage,
  };
  return { data: list, error: query.error, isError: query.isError };
}

/** GET /api/earnings/mine/statements: the shop's months with movements, the current one first. */
export const useStatementMonths = () => useStatementMonthsOf('/api/earnings/mine/statements');

/** GET /api/earnings/collaborator: the collaborator's compensations' account this month (its balance, movements, payouts). */
export function useCollaboratorLedger() {
  return useQuery({ queryKey: ['earnings', 'collaborator'], queryFn: async () => (await apiGet<ShopEarnings>('/api/earnings/collaborator'))! });
}

/** GET /api/earnings/collaborator/statements: the months of the collaborator's account, the current one first. */
export const useCollaboratorStatementMonths = () => useStatementMonthsOf('/api/earnings/collaborator/statements');

/** «novembre 2026» */
export function monthLabel(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return new Intl.DateTimeFormat('it-IT', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(year, number - 1, 1)));
}
