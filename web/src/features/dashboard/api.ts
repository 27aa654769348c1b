import { useQuery } from '@tanstack/react-query';
import type { AdminStats } from '@contracts/analytics';
import { apiGet } from '../../lib/client';

/* The spec §7 calls of the four dashboards that no other page makes; the store, its products and the orders are read through their features' hooks. */

export function useAdminStats() {
  return useQuery({
    queryKey: ['/api/admin/stats'],
    queryFn: async (): Promise<AdminStats> => {
      const zero = { users: 0, stores: 0, products: 0, orders: 0 };
      try {
        return { ...zero, ...(await apiGet<Partial<AdminStats>>('/api/admin/stats')) };
      } catch {
        return zero;
      }
    },
  });
}
