import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyOf, ResponseOf } from '@platform/http/contract';
import type { collaboratorsApi } from '@contracts/collaborators';
import { ApiError, apiGet, apiRequest } from '../../lib/client';
import { businessDataStaleTime } from '../../lib/query-client';

/* The logged-in collaborator's own profile (docs/api-collaborators.md). */

export type CollaboratorProfile = ResponseOf<typeof collaboratorsApi.register, 201>;
export type Registration = BodyOf<typeof collaboratorsApi.register>;
export type ProfileChanges = BodyOf<typeof collaboratorsApi.change>;

/** The same key as the dashboard's read of the profile: registering refreshes its invitation. */
export const profileKey = (userId: string) => [`/api/collaborators/user/${userId}`];

/** The whole profile; null when not registered yet (404). */
export function useOwnProfile(userId: string) {
  return useQuery({
    queryKey: profileKey(userId),
    staleTime: businessDataStaleTime,
    queryFn: async () => {
      try {
        return await apiGet<CollaboratorProfile>(`/api/collaborators/user/${userId}`);
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });
}

/** Registers the profile or saves its changes; the answer is the profile as it is now. */
export function useSaveProfile(userId: string, registered: boolean) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Registration | ProfileChanges) =>
      registered ? apiRequest<CollaboratorProfile>('PATCH', '/api/collaborators/me', body) : apiRequest<CollaboratorProfile>('POST', '/api/collaborators', body),
    onSuccess: (profile) => client.setQueryData(profileKey(userId), profile),
  });
}
