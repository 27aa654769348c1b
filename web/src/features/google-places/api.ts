import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ResponseOf } from '@platform/http/contract';
import type { googlePlacesApi } from '@contracts/google-places';
import { apiGet, apiRequest } from '../../lib/client';

/* Issue [22]: a shop linked to its Google place (docs/api-geocoding.md). */

export type OwnGooglePlace = ResponseOf<typeof googlePlacesApi.mine>;
export type ShownGooglePlace = NonNullable<ResponseOf<typeof googlePlacesApi.shown>['place']>;
export type GooglePlaceCandidate = ResponseOf<typeof googlePlacesApi.candidates>['candidates'][number];

const mineKey = ['/api/stores/me/google-place'] as const;

export function useMyGooglePlace() {
  return useQuery({ queryKey: mineKey, queryFn: async () => (await apiGet<OwnGooglePlace>('/api/stores/me/google-place'))! });
}

/** The places Google finds for the shop (its name and address, or `q`). */
export async function googlePlaceCandidates(q: string): Promise<GooglePlaceCandidate[]> {
  const answer = await apiGet<ResponseOf<typeof googlePlacesApi.candidates>>(`/api/stores/me/google-place/candidates${q.trim() ? `?q=${encodeURIComponent(q.trim())}` : ''}`);
  return answer!.candidates;
}

export function useLinkGooglePlace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (placeId: string) => apiRequest<OwnGooglePlace>('PUT', '/api/stores/me/google-place', { placeId }),
    onSuccess: (data) => queryClient.setQueryData(mineKey, data),
  });
}

export function useUnlinkGooglePlace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<void>('DELETE', '/api/stores/me/google-place'),
    onSuccess: () => queryClient.setQueryData<OwnGooglePlace>(mineKey, (old) => (old ? { ...old, place: null } : old)),
  });
}

/** What a shop's page shows of its Google place; null when it has none. */
export function useShopGooglePlace(idOrSlug: string | undefined) {
  return useQuery({
    queryKey: ['/api/stores', idOrSlug, 'google-place'],
    queryFn: async () => (await apiGet<ResponseOf<typeof googlePlacesApi.shown>>(`/api/stores/${encodeURIComponent(idOrSlug!)}/google-place`))!.place,
    enabled: Boolean(idOrSlug),
    staleTime: 5 * 60_000,
  });
}
