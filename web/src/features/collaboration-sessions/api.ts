import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { BodyOf, ResponseOf } from '@platform/http/contract';
import type { collaborationSessionsApi, storeAccessApi } from '@contracts/collaboration-sessions';
import type { SessionStatus } from '@pure/collaboration-sessions/labels';
import { apiGet, apiGetOrNull, apiRequest } from '../../lib/client';

/*
 * Collaboration sessions and standing accesses (docs/api-collaboration-sessions.md): periods of
 * work opened and closed with one-time codes, and a shopkeeper's standing access for a trusted
 * collaborator. The assignments' pages (features/assignments) show them; the notifications'
 * stream refreshes every read of this work (isCollaborationWorkKey).
 */

export type Session = ResponseOf<typeof collaborationSessionsApi.list>[number];
export type SessionDetail = ResponseOf<typeof collaborationSessionsApi.get>;
export type NewSession = BodyOf<typeof collaborationSessionsApi.schedule>;
export type StoreAccess = ResponseOf<typeof storeAccessApi.list>[number];
export type NewStoreAccess = BodyOf<typeof storeAccessApi.create>;
export type { SessionStatus };

export const sessionsUrl = '/api/collaboration-sessions';
export const currentSessionUrl = `${sessionsUrl}/current`;
export const storeAccessUrl = '/api/store-access';

/** Every read of collaboration work: sessions, standing accesses, assignments and earnings (a session's move changes the others' counts). */
const workPrefixes = [sessionsUrl, storeAccessUrl, '/api/assignments', '/api/collaborators/earnings'];
export const isCollaborationWorkKey = (key: unknown): boolean => typeof key === 'string' && workPrefixes.some((prefix) => key.startsWith(prefix));

/** After any move every read of this work reads again (the answer is the record as it is now). */
export function useRefreshWork() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ predicate: (q) => isCollaborationWorkKey(q.queryKey[0]) });
}

/** The live stream refreshes the codes at once; pages poll this often as a fallback while a session is open. */
export const sessionPollMs = 15_000;

/** Before activation: what the shopkeeper may still move or cancel, and what the collaborator waits to activate. */
export const notYetActive = (s: { status: SessionStatus }): boolean => s.status === 'pending' || s.status === 'ready';
export const openSession = (s: { status: SessionStatus }): boolean => notYetActive(s) || s.status === 'active';

/** The query of the list: one assignment's sessions, and/or some states. */
export function sessionsListUrl({ assignmentId, statuses = [] }: { assignmentId?: string; statuses?: readonly SessionStatus[] } = {}): string {
  const query = new URLSearchParams();
  if (statuses.length) query.set('status', statuses.join(','));
  if (assignmentId) query.set('assignmentId', assignmentId);
  const text = query.toString();
  return text ? `${sessionsUrl}?${text}` : sessionsUrl;
}

/**
 * The sessions the reader may see (the shop's, mine, all), active and next first. While one is
 * open (`poll`) it is read again every `poll` ms: a fallback for the live stream, since the codes
 * the shopkeeper reads change when the collaborator types them.
 */
export function useSessions(filter: { assignmentId?: string; statuses?: readonly SessionStatus[] } = {}, { poll }: { poll?: number } = {}) {
  return useQuery({
    queryKey: [sessionsListUrl(filter)],
    queryFn: async () => (await apiGet<Session[]>(sessionsListUrl(filter))) ?? [],
    refetchInterval: poll ? (query) => ((query.state.data ?? []).some(openSession) ? poll : false) : false,
  });
}

/** Until when the session's reads are made again each second: a short while after the collaborator acted for the shop. */
let actedUntil = 0;
const actedWindowMs = 10_000;
const soonAfterActing = (otherwise: number | false): number | false => (Date.now() < actedUntil ? 1_000 : otherwise);
const isSessionKey = (key: unknown): boolean => typeof key === 'string' && key.startsWith(sessionsUrl);

/**
 * Mounted by the session's workspace: every change made there that succeeds (a product saved, an
 * order moved, an AI text) is an action for the shop. It is recorded a moment after the answer
 * (its read model reads every event of the site, so no write waits for it): the session, its count
 * and its actions are read again at once, then each second for a few seconds, never after a reload.
 */
export function useFollowActions() {
  const client = useQueryClient();
  useEffect(
    () =>
      client.getMutationCache().subscribe((event) => {
        if (event.type !== 'updated' || event.action.type !== 'success') return;
        actedUntil = Date.now() + actedWindowMs;
        void client.invalidateQueries({ predicate: (q) => isSessionKey(q.queryKey[0]) });
      }),
    [client],
  );
}

/** A session with its timeline and the actions done for the shop, read again each time it is shown (and each second just after an action). */
export const useSessionDetail = (id: string | null) =>
  useQuery({
    queryKey: [`${sessionsUrl}/${id ?? ''}`],
    enabled: id !== null,
    staleTime: 0,
    refetchInterval: () => soonAfterActing(false),
    queryFn: async () => (await apiGet<SessionDetail>(`${sessionsUrl}/${id}`))!,
  });

/**
 * The collaborator's active session; null when there is none (404). Read again every `poll` ms
 * (every 5 s while the shopkeeper has still to confirm it, each second just after an action): a
 * revocation or an expiry ends the workspace even when the stream is down.
 */
export function useCurrentSession({ poll }: { poll?: number } = {}) {
  return useQuery({
    queryKey: [currentSessionUrl],
    refetchInterval: (query) => (poll && query.state.data?.awaitingConfirmation ? 5_000 : soonAfterActing(poll ?? false)),
    queryFn: () => apiGetOrNull<Session>(currentSessionUrl),
  });
}

export function useScheduleSession() {
  const refresh = useRefreshWork();
  return useMutation({ mutationFn: (body: NewSession) => apiRequest<Session>('POST', sessionsUrl, body), onSuccess: refresh });
}

export function useRescheduleSession() {
  const refresh = useRefreshWork();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: string } & BodyOf<typeof collaborationSessionsApi.reschedule>) => apiRequest<Session>('PATCH', `${sessionsUrl}/${id}`, body),
    onSuccess: refresh,
  });
}

/** The collaborator's code (and position, for standard and high security). */
export function useActivateSession() {
  const refresh = useRefreshWork();
  return useMutation({
    mutationFn: (body: BodyOf<typeof collaborationSessionsApi.activate>) => apiRequest<Session>('POST', `${sessionsUrl}/activate`, body),
    onSuccess: refresh,
  });
}

/** A session's move and its body: confirm (high security), close with the code, reissue a code, revoke or cancel with a reason. */
export type SessionMove =
  | { move: 'confirm' }
  | { move: 'close'; closureCode: string }
  | { move: 'reissue'; kind: 'activation' | 'closure' }
  | { move: 'revoke'; reason: string }
  | { move: 'cancel'; reason?: string };

export function useSessionMove() {
  const refresh = useRefreshWork();
  return useMutation({
    mutationFn: ({ id, move, ...body }: { id: string } & SessionMove) => apiRequest<Session>('POST', `${sessionsUrl}/${id}/${move}`, body),
    onSettled: refresh,
  });
}

/** The standing accesses: the shop's (shopkeeper), mine (collaborator). */
export const useStoreAccesses = () => useQuery({ queryKey: [storeAccessUrl], queryFn: async () => (await apiGet<StoreAccess[]>(storeAccessUrl)) ?? [] });

export function useCreateStoreAccess() {
  const refresh = useRefreshWork();
  return useMutation({ mutationFn: (body: NewStoreAccess) => apiRequest<StoreAccess>('POST', storeAccessUrl, body), onSuccess: refresh });
}

export function useRedeemAccess() {
  const refresh = useRefreshWork();
  return useMutation({ mutationFn: (code: string) => apiRequest<StoreAccess>('POST', `${storeAccessUrl}/redeem`, { code }), onSuccess: refresh });
}

export function useEndAccess() {
  const refresh = useRefreshWork();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason?: string }) => apiRequest<StoreAccess>('POST', `${storeAccessUrl}/${id}/end`, reason ? { reason } : {}),
    onSettled: refresh,
  });
}
