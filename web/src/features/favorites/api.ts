import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/client';
import { useList } from '../../lib/lists';

/* The customer's favourite shops (docs/api-catalogue.md). */

export interface FavoriteShop { id: string; name: string; slug: string; category: string; logoUrl: string | null; rating?: number | null; address: string }

export const useFavorites = () => useList<FavoriteShop>('/api/favorites');

export function useToggleFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ storeId, favorite }: { storeId: string; favorite: boolean }) =>
      favorite ? apiRequest('POST', '/api/favorites', { storeId }) : apiRequest('DELETE', `/api/favorites/${storeId}`),
    // The command answers once the read model shows the change, so the refetch is already current.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['/api/favorites'] }),
  });
}
