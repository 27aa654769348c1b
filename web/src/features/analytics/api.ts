import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/client';
import { businessDataStaleTime } from '../../lib/query-client';

/** GET /api/shopkeeper/analytics (docs/api-orders.md): the shopkeeper's own stores only. */
export interface ShopAnalytics {
  days: number;
  stores: { id: string; name: string }[];
  totals: { orders: number; revenue: number; views: number; conversion: number | null };
  perDay: { day: string; orders: number; revenue: number; views: number }[];
  perHour: { hour: number; orders: number; revenue: number }[];
  bestSellers: { productId: string; name: string; units: number; revenue: number }[];
}

export function useShopAnalytics(days: number, storeId: string | null) {
  const query = new URLSearchParams({ days: String(days), ...(storeId ? { storeId } : {}) });
  return useQuery({
    queryKey: ['/api/shopkeeper/analytics', days, storeId],
    queryFn: () => apiGet<ShopAnalytics>(`/api/shopkeeper/analytics?${query}`) as Promise<ShopAnalytics>,
    staleTime: businessDataStaleTime,
  });
}
