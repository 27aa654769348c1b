import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CollaboratorService } from '@pure/collaborators/services';
import { apiGet, apiRequest } from '../../lib/client';
import { randomUuid } from '../../lib/random-uuid';

/* Collaboration requests and their package unlocks (docs/api-collaboration-requests.md). */

export type RequestType = 'direct' | 'waiting' | 'auto_match';
export type RequestStatus = 'waiting' | 'pending' | 'accepted' | 'rejected' | 'expired' | 'completed' | 'cancelled';
export type Urgency = 'low' | 'normal' | 'high' | 'urgent';
export type UnlockStatus = 'locked' | 'unlocked_collaborator' | 'unlocked_admin' | 'purchased';

export interface CollaborationRequest {
  id: string;
  shopkeeperId: string;
  storeId: string;
  storeName: string;
  storeCity: string;
  requestType: RequestType;
  status: RequestStatus;
  collaboratorId: string | null;
  collaboratorName: string | null;
  message: string;
  estimatedDuration: number;
  urgencyLevel: Urgency;
  maxBudget: number;
  requiredServices: CollaboratorService[];
  responseDeadline: string;
  offeredUntil: string | null;
  acceptedAt: string | null;
  rejectedAt: string | null;
  rejectionReason: string | null;
  closedAt: string | null;
  expiredReason: 'deadline' | 'no_match' | 'not_purchased' | null;
  createdAt: string;
  updatedAt: string;
  distanceKm: number | null;
  takenByOther: boolean;
  unlock: { id: string; unlockStatus: UnlockStatus; purchaseDeadline: string | null; freeOfCharge: boolean } | null;
}

export interface NewRequest {
  requestType: RequestType;
  collaboratorId?: string;
  message: string;
  estimatedDuration: number;
  urgencyLevel: Urgency;
  maxBudget: number;
  requiredServices: CollaboratorService[];
  responseDeadline?: string;
}

export interface PackageUnlock {
  id: string;
  requestId: string;
  storeName: string;
  collaboratorId: string | null;
  collaboratorName: string | null;
  packageId: string;
  packageName: string;
  price: number;
  collaboratorCompensation: number;
  siteCommission: number;
  commissionPercentage: number;
  unlockStatus: UnlockStatus;
  unlockReason: string | null;
  specialConditions: string | null;
  freeOfCharge: boolean;
  unlockedAt: string | null;
  purchaseDeadline: string | null;
  purchasedAt: string | null;
  lapsed: boolean;
  requestStatus: RequestStatus;
}

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
export const purchaseUnlock = (id: string, paymentMethod: string) =>
  apiRequest<{ unlock: PackageUnlock; paymentId: string | null; paymentUrl: string | null }>('POST', `${unlocksUrl}/${id}/purchase`, { paymentMethod }, { 'Idempotency-Key': randomUuid() });

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

export const urgencyLabels: Record<Urgency, string> = { low: 'Bassa (24 ore)', normal: 'Normale (4 ore)', high: 'Alta (1 ora)', urgent: 'Urgente (15 minuti)' };
export const urgencyShort: Record<Urgency, string> = { low: 'Bassa', normal: 'Normale', high: 'Alta', urgent: 'Urgente' };

export const expiredReasonLabels: Record<NonNullable<CollaborationRequest['expiredReason']>, string> = {
  deadline: 'Nessuna risposta entro la scadenza.',
  no_match: 'Nessun collaboratore disponibile ha accettato.',
  not_purchased: 'Il pacchetto non è stato acquistato entro il termine.',
};

/** "1 ora e 30 minuti", "45 minuti", "2 giorni". */
export function durationText(minutes: number): string {
  if (minutes % 1440 === 0) return minutes === 1440 ? '1 giorno' : `${minutes / 1440} giorni`;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  const hours = h === 0 ? '' : h === 1 ? '1 ora' : `${h} ore`;
  const mins = m === 0 ? '' : `${m} minuti`;
  return [hours, mins].filter(Boolean).join(' e ');
}

export const durationChoices = [30, 60, 120, 240, 480, 1440];
