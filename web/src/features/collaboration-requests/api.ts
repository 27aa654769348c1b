import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyOf, ResponseOf } from '@platform/http/contract';
import type { collaborationRequestsApi } from '@contracts/collaboration-requests';
import type { packageUnlocksApi } from '@contracts/package-unlocks';
import {
  expiredReasonLabels as expiredReasons,
  urgencyLabels as serverUrgencyLabels,
  type RequestStatus,
  type RequestType,
  type UrgencyLevel,
} from '@pure/collaboration-requests/labels';
import { apiGet, apiRequest } from '../../lib/client';
import { formatDuration } from '../../lib/dates';
import { randomUuid } from '../../lib/random-uuid';

/* Collaboration requests and their package unlocks (docs/api-collaboration-requests.md). */

export type CollaborationRequest = ResponseOf<typeof collaborationRequestsApi.list>[number];
export type NewRequest = BodyOf<typeof collaborationRequestsApi.create>;
export type PackageUnlock = ResponseOf<typeof packageUnlocksApi.list>[number];
export type { RequestStatus, RequestType, UrgencyLevel as Urgency } from '@pure/collaboration-requests/labels';
type Purchased = ResponseOf<typeof packageUnlocksApi.purchase>;

export const requestsUrl = '/api/collaboration-requests';
export const unlocksUrl = '/api/package-unlocks';

export const useRequests = () => useQuery({ queryKey: [requestsUrl], queryFn: async () => (await apiGet<CollaborationRequest[]>(requestsUrl)) ?? [] });
export const useUnlocks = () => useQuery({ queryKey: [unlocksUrl], queryFn: async () => (await apiGet<PackageUnlock[]>(unlocksUrl)) ?? [] });

/** After any move the request and its unlock read again (the answer is the request as it is now). */
function useRefresh() {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: [requestsUrl] }), client.invalidateQueries({ queryKey: [unlocksUrl] })]);
}

export function useCreateRequest() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: NewRequest) => apiRequest<CollaborationRequest>('POST', requestsUrl, body),
    onSuccess: refresh,
  });
}

/** accept (collaborator), reject with a reason (collaborator), cancel (shopkeeper). */
export function useRequestMove() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, move, reason }: { id: string; move: 'accept' | 'reject' | 'cancel'; reason?: string }) =>
      apiRequest<CollaborationRequest>('POST', `${requestsUrl}/${id}/${move}`, move === 'accept' ? undefined : { reason: reason ?? '' }),
    onSettled: refresh,
  });
}

/** Buys an unlock: the provider's page to pay on, or none when it was free (purchased at once). */
export const purchaseUnlock = (id: string, paymentMethod: BodyOf<typeof packageUnlocksApi.purchase>['paymentMethod']) =>
  apiRequest<Purchased>('POST', `${unlocksUrl}/${id}/purchase`, { paymentMethod }, { 'Idempotency-Key': randomUuid() });

export const requestTypeLabels: Record<RequestType, { label: string; hint: string }> = {
  direct: { label: 'A un collaboratore', hint: 'La richiesta va solo al collaboratore che scegli: accetta o rifiuta.' },
  waiting: { label: 'Aperta alla zona', hint: 'Tutti i collaboratori approvati della tua zona la vedono: il primo che accetta la prende.' },
  auto_match: { label: 'Scelta automatica', hint: 'La proponiamo al collaboratore più adatto, uno alla volta, finché qualcuno accetta.' },
};

export const requestStatusLabels: Record<RequestStatus, { label: string; color: 'default' | 'warning' | 'info' | 'success' | 'error' | 'primary' }> = {
  waiting: { label: 'Aperta', color: 'warning' },
  pending: { label: 'In attesa di risposta', color: 'warning' },
  accepted: { label: 'Accettata', color: 'success' },
  rejected: { label: 'Rifiutata', color: 'error' },
  expired: { label: 'Scaduta', color: 'default' },
  completed: { label: 'Completata', color: 'primary' },
  cancelled: { label: 'Annullata', color: 'default' },
};

export const urgencyLabels: Record<UrgencyLevel, string> = { low: 'Bassa (24 ore)', normal: 'Normale (4 ore)', high: 'Alta (1 ora)', urgent: 'Urgente (15 minuti)' };
export const urgencyShort: Record<UrgencyLevel, string> = serverUrgencyLabels;

/** Why a request expired, as a sentence. */
export const expiredReasonText = (reason: keyof typeof expiredReasons): string => `${expiredReasons[reason].charAt(0).toUpperCase()}${expiredReasons[reason].slice(1)}.`;

/** "1 ora e 30 minuti", "45 minuti", "2 giorni". */
export const durationText = formatDuration;

export const durationChoices = [30, 60, 120, 240, 480, 1440];
