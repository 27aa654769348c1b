import { useQuery } from '@tanstack/react-query';
import type { ShopAnalytics } from '@contracts/analytics';
import { apiGet } from '../../lib/client';
import { businessDataStaleTime } from '../../lib/query-client';

/** GET /api/shopkeeper/analytics (docs/api-orders.md): the shopkeeper's own stores only. */
export function useShopAnalytics(days: number, storeId: string | null) {
  const query = new URLSearchParams({ days: String(days), ...(storeId ? { storeId } : {}) });
  return useQuery({
    queryKey: ['/api/shopkeeper/analytics', days, storeId],
    queryFn: () => apiGet<ShopAnalytics>(`/api/shopkeeper/analytics?${query}`) as Promise<ShopAnalytics>,
    staleTime: businessDataStaleTime,
  });
}
