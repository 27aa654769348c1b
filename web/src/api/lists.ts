import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { apiGet } from './client';
import { businessDataStaleTime } from './query-client';

/** Spec §7: a list that fails to load shows as empty. */
export function useList<T>(
  url: string | null,
  { businessData = false, refetchInterval }: { businessData?: boolean; refetchInterval?: number } = {},
): UseQueryResult<T[]> {
  return useQuery({
    queryKey: [url ?? ''],
    enabled: url !== null,
    staleTime: businessData ? businessDataStaleTime : Infinity,
    refetchInterval: refetchInterval ?? false,
    queryFn: async () => {
      try {
        return (await apiGet<T[]>(url!)) ?? [];
      } catch {
        return [];
      }
    },
  });
}
