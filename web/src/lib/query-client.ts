import { QueryClient } from '@tanstack/react-query';
import { apiGet } from './client';

/** Reads of store, product, order and collaborator data stay fresh this long (spec §9). */
export const businessDataStaleTime = 60_000;

/**
 * Spec §9: no retries for reads or writes, no refetch on focus or interval, and data that never
 * goes stale by time unless a query says otherwise. The query key's first part is the URL.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: ({ queryKey }) => apiGet(queryKey[0] as string),
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Infinity,
      },
      mutations: { retry: false },
    },
  });
}
