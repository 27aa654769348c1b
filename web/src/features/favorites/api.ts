import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BodyOf, ResponseOf } from '@platform/http/contract';
import type { favoritesApi } from '@contracts/favorites';
import { apiRequest } from '../../lib/client';
import { useList } from '../../lib/lists';

/* The customer's favourite shops (docs/api-catalogue.md). */

export type FavoriteShop = ResponseOf<typeof favoritesApi.list>[number];

export const useFavorites = () => useList<FavoriteShop>('/api/favorites');

export function useToggleFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ storeId, favorite }: { storeId: string; favorite: boolean }) =>
      favorite ? apiRequest('POST', '/api/favorites', { storeId } satisfies BodyOf<typeof favoritesApi.add>) : apiRequest('DELETE', `/api/favorites/${storeId}`),
    // The command answers once the read model shows the change, so the refetch is already current.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['/api/favorites'] }),
  });
}
