import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyOf, ResponseOf } from '@platform/http/contract';
import type { Reservation, reservationsApi } from '@contracts/reservations';
import { apiRequest } from '../../lib/client';
import { usePagedList } from '../../lib/lists';
import { businessDataStaleTime } from '../../lib/query-client';

/* Product reservations as docs/api-orders.md "Reservations" answers them. */

export type { Reservation };
export type ReservationStatus = Reservation['status'];
export type ReservationAction = Reservation['allowedActions'][number];

/** The body of POST /api/reservations. */
export type ReservationInput = BodyOf<typeof reservationsApi.request>;

export const reservationStatusLabels: Record<ReservationStatus, string> = {
  pending: 'In attesa',
  confirmed: 'Confermata',
  ready: 'Pronta',
  completed: 'Completata',
  cancelled: 'Annullata',
};

/** The badge text: a reservation that lapsed says so instead of "Annullata". */
export const reservationStatusLabel = (r: Pick<Reservation, 'status' | 'expired'>): string =>
  r.status === 'cancelled' && r.expired ? 'Scaduta' : reservationStatusLabels[r.status];

export const userReservationsUrl = '/api/reservations/user';
export const storeReservationsUrl = (storeId: string) => `/api/reservations/store/${storeId}`;

/** How many reservations a shop has, in all and in each state (`GET …/summary`). */
export type ReservationCounts = ResponseOf<typeof reservationsApi.storeTotals>;

/** `?status=` (all states when none) and `?q=` (words of the customer or the product) of the lists. */
function listUrl(url: string, statuses: readonly ReservationStatus[], q = ''): string {
  const query = new URLSearchParams();
  if (statuses.length) query.set('status', statuses.join(','));
  if (q.trim()) query.set('q', q.trim());
  const text = query.toString();
  return text ? `${url}?${text}` : url;
}

/** The customer's reservations in `statuses`, newest first, a page at a time. */
export const useUserReservations = (statuses: readonly ReservationStatus[]) => usePagedList<Reservation>(listUrl(userReservationsUrl, statuses), { businessData: true });
export const useStoreReservations = (storeId: string | undefined, { statuses = [], q }: { statuses?: readonly ReservationStatus[]; q?: string } = {}) =>
  usePagedList<Reservation>(storeId ? listUrl(storeReservationsUrl(storeId), statuses, q) : null, { businessData: true });
export const useStoreReservationTotals = (storeId: string | undefined) =>
  useQuery<ReservationCounts>({ queryKey: [`${storeReservationsUrl(storeId ?? '')}/summary`], enabled: Boolean(storeId), staleTime: businessDataStaleTime });

/** Every reservation read; a write or a notification refetches them all. */
export function useRefreshReservations() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ predicate: (q) => typeof q.queryKey[0] === 'string' && q.queryKey[0].startsWith('/api/reservations') });
}

export function useCreateReservation() {
  const refresh = useRefreshReservations();
  return useMutation({
    mutationFn: (input: ReservationInput) => apiRequest<Reservation>('POST', '/api/reservations', input),
    onSuccess: () => refresh(),
  });
}

/** confirm ({shopkeeperNotes}) | ready | complete | cancel ({reason}); answers the Reservation. */
export function useReservationAction() {
  const refresh = useRefreshReservations();
  return useMutation({
    mutationFn: ({ id, action, shopkeeperNotes, reason }: { id: string; action: ReservationAction; shopkeeperNotes?: string; reason?: string }) =>
      apiRequest<Reservation>(
        'POST',
        `/api/reservations/${id}/${action}`,
        action === 'confirm' ? { shopkeeperNotes: shopkeeperNotes || undefined } : action === 'cancel' ? { reason: reason || undefined } : {},
      ),
    onSuccess: () => refresh(),
  });
}
