import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyOf, ResponseOf } from '@platform/http/contract';
import type { collaboratorsApi } from '@contracts/collaborators';
import { apiGet, apiGetOrNull, apiRequest } from '../../lib/client';
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
    queryFn: () => apiGetOrNull<CollaboratorProfile>(`/api/collaborators/user/${userId}`),
  });
}

/** Registers the profile or saves its changes; the answer is the profile as it is now. */
export function useSaveProfile(userId: string, registered: boolean) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Registration | ProfileChanges) =>
      registered ? apiRequest<CollaboratorProfile>('PATCH', '/api/collaborators/me', body) : apiRequest<CollaboratorProfile>('POST', '/api/collaborators', body),
    onSuccess: (profile) => {
      client.setQueryData(profileKey(userId), profile);
      void client.invalidateQueries({ queryKey: storesInAreaKey });
    },
  });
}

export type StoresInArea = ResponseOf<typeof collaboratorsApi.myStores, 200>;
export type StoreInArea = StoresInArea['stores'][number];
export interface Area {
  latitude: number;
  longitude: number;
  radiusKm: number;
}

/** The key of the saved area's shops: saving the coverage refreshes it (and the dashboard's count). */
export const storesInAreaKey = ['/api/collaborators/me/stores'] as const;

/**
 * The active shops inside my coverage circle (docs/api-collaborators.md), or inside `preview`
 * while I try another circle on the map; the previous answer stays on screen while the next loads.
 * Off while `enabled` is false (not registered yet).
 */
export function useStoresInArea({ preview, enabled = true }: { preview?: Area | null; enabled?: boolean } = {}) {
  const query = preview ? `?latitude=${preview.latitude}&longitude=${preview.longitude}&radiusKm=${preview.radiusKm}` : '';
  return useQuery({
    queryKey: preview ? [...storesInAreaKey, preview] : storesInAreaKey,
    enabled,
    staleTime: businessDataStaleTime,
    placeholderData: keepPreviousData,
    queryFn: () => apiGet<StoresInArea>(`/api/collaborators/me/stores${query}`),
  });
}
