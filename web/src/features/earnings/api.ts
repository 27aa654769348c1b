import { useQuery } from '@tanstack/react-query';
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

/** GET /api/earnings/mine/statements: the months with movements, the current one first. */
export function useStatementMonths() {
  return useQuery({ queryKey: ['earnings', 'statements'], queryFn: async () => (await apiGet<StatementMonths>('/api/earnings/mine/statements'))! });
}

/** GET /api/earnings/collaborator: the collaborator's compensations' account this month (its balance, movements, payouts). */
export function useCollaboratorLedger() {
  return useQuery({ queryKey: ['earnings', 'collaborator'], queryFn: async () => (await apiGet<ShopEarnings>('/api/earnings/collaborator'))! });
}

/** GET /api/earnings/collaborator/statements: the months of the collaborator's account, the current one first. */
export function useCollaboratorStatementMonths() {
  return useQuery({
    queryKey: ['earnings', 'collaborator', 'statements'],
    queryFn: async () => (await apiGet<StatementMonths>('/api/earnings/collaborator/statements'))!,
  });
}

/** «novembre 2026» */
export function monthLabel(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return new Intl.DateTimeFormat('it-IT', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(year, number - 1, 1)));
}
