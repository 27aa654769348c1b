import { useQuery } from '@tanstack/react-query';
import type { AdminStats } from '@contracts/analytics';
import { ApiError, apiGet } from '../../lib/client';
import { useList } from '../../lib/lists';
import { businessDataStaleTime } from '../../lib/query-client';

/* The spec §7 calls of the four dashboards that no other page makes; the store, its products and the orders are read through their features' hooks. */

export interface TaskSummary { id: string; title: string; status: string; storeName: string; credits: number; createdAt: string }
export interface CollaboratorProfile { status: 'active' | 'inactive'; creditsEarned: number }

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

export const useCollaboratorTasks = () => useList<TaskSummary>('/api/collaborators/tasks', { businessData: true });

/** The collaborator profile; null when it does not exist yet (404: not registered). */
export function useCollaboratorProfile(userId: string) {
  return useQuery({
    queryKey: [`/api/collaborators/user/${userId}`],
    staleTime: businessDataStaleTime,
    queryFn: async () => {
      try {
        return await apiGet<CollaboratorProfile>(`/api/collaborators/user/${userId}`);
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw new Error('Failed to fetch collaborator data');
      }
    },
  });
}
