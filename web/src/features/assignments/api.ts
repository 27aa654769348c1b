import { useMutation, useQuery } from '@tanstack/react-query';
import type { BodyOf, ResponseOf } from '@platform/http/contract';
import type { assignmentsApi } from '@contracts/assignments';
import { apiGet, apiGetOrNull, apiRequest } from '../../lib/client';
import { useRefreshWork } from '../collaboration-sessions/api';

/* Assignments (docs/api-assignments.md): the agreements between a shop and a collaborator, and the collaborator's earnings. */

export type Assignment = ResponseOf<typeof assignmentsApi.list>[number];
export type NewAssignment = BodyOf<typeof assignmentsApi.create>;
export type Earnings = ResponseOf<typeof assignmentsApi.earnings>;

export const assignmentsUrl = '/api/assignments';
export const earningsUrl = '/api/collaborators/earnings';

/** The shop's assignments (shopkeeper) or mine (collaborator), newest first. */
export const useAssignments = () => useQuery({ queryKey: [assignmentsUrl], queryFn: async () => (await apiGet<Assignment[]>(assignmentsUrl)) ?? [] });

/** One assignment; null when it does not exist or is not the reader's (404, 403). */
export function useAssignment(id: string | undefined) {
  const url = `${assignmentsUrl}/${id ?? ''}`;
  return useQuery({
    queryKey: [url],
    enabled: Boolean(id),
    queryFn: () => apiGetOrNull<Assignment>(url, [404, 403, 400]),
  });
}

/** The collaborator's earnings (`enabled` false for other roles, which have none). */
export const useEarnings = (enabled = true) => useQuery({ queryKey: [earningsUrl], enabled, queryFn: async () => (await apiGet<Earnings>(earningsUrl))! });

export function useCreateAssignment() {
  const refresh = useRefreshWork();
  return useMutation({ mutationFn: (body: NewAssignment) => apiRequest<Assignment>('POST', assignmentsUrl, body), onSuccess: refresh });
}

/** A move on an assignment and its body (a reason to reject or cancel, a problem's description). */
export type AssignmentMove = { move: 'accept' | 'start' | 'complete' | 'paid' } | { move: 'reject' | 'cancel'; reason: string } | { move: 'problem'; description: string };

export function useAssignmentMove() {
  const refresh = useRefreshWork();
  return useMutation({
    mutationFn: ({ id, move, ...body }: { id: string } & AssignmentMove) => apiRequest<Assignment>('POST', `${assignmentsUrl}/${id}/${move}`, body),
    onSettled: refresh,
  });
}
