import { useInfiniteQuery, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { apiGet, apiGetPage, type Page } from './client';
import { businessDataStaleTime } from './query-client';

/** Spec §7: a list that fails to load shows as empty. */
export function useList<T>(url: string | null, { businessData = false, refetchInterval }: { businessData?: boolean; refetchInterval?: number } = {}): UseQueryResult<T[]> {
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

/** `url` with `?page=&pageSize=` added to whatever query it has. */
export function pageUrl(url: string, page: number, pageSize: number): string {
  return `${url}${url.includes('?') ? '&' : '?'}page=${page}&pageSize=${pageSize}`;
}

/** The pages loaded so far as one list: a row that moved to a later page while they loaded is kept once. */
export function joinPages<T>(pages: Page<T>[], idOf: (item: T) => string = (item) => (item as { id: string }).id): T[] {
  const byId = new Map<string, T>();
  for (const item of pages.flatMap((page) => page.items)) if (!byId.has(idOf(item))) byId.set(idOf(item), item);
  return [...byId.values()];
}

/** Whether the list has rows past the pages loaded. */
export const hasMorePages = (pages: Page<unknown>[]): boolean =>
  pages.length > 0 && pages.at(-1)!.items.length > 0 && pages.reduce((n, page) => n + page.items.length, 0) < pages.at(-1)!.total;

export interface PagedList<T> {
  items: T[];
  /** How many the whole list has, loaded or not. */
  total: number;
  hasMore: boolean;
  loadMore: () => void;
  isLoadingMore: boolean;
  isLoading: boolean;
}

/**
 * A list the server pages (`?page=&pageSize=`, `X-Total-Count`), read a page at a time: what is
 * loaded, the total, and the next page on demand, so every row can be reached. A refetch (a write,
 * a notification, `refetchInterval`) reads again every page loaded. Spec §7: a failed read shows
 * as empty.
 */
export function usePagedList<T extends { id: string }>(url: string | null, options?: { pageSize?: number; businessData?: boolean; refetchInterval?: number }): PagedList<T>;
/** The same, for rows named by another field than `id` (`idOf`: a collaborator's userId). */
export function usePagedList<T>(url: string | null, options: { pageSize?: number; businessData?: boolean; refetchInterval?: number; idOf: (item: T) => string }): PagedList<T>;
export function usePagedList<T>(
  url: string | null,
  { pageSize = 20, businessData = false, refetchInterval, idOf }: { pageSize?: number; businessData?: boolean; refetchInterval?: number; idOf?: (item: T) => string } = {},
): PagedList<T> {
  const query = useInfiniteQuery({
    // The URL first: the invalidations of writes and notifications pick queries by it.
    queryKey: [url ?? '', 'pages', pageSize],
    enabled: url !== null,
    staleTime: businessData ? businessDataStaleTime : Infinity,
    refetchInterval: refetchInterval ?? false,
    initialPageParam: 1,
    queryFn: async ({ pageParam }): Promise<Page<T>> => {
      try {
        return await apiGetPage<T>(pageUrl(url!, pageParam, pageSize));
      } catch {
        return { items: [], total: 0 };
      }
    },
    getNextPageParam: (_last, pages) => (hasMorePages(pages) ? pages.length + 1 : undefined),
  });
  const pages = query.data?.pages ?? [];
  return {
    items: joinPages(pages, idOf),
    total: pages.at(-1)?.total ?? 0,
    hasMore: query.hasNextPage,
    loadMore: () => void query.fetchNextPage(),
    isLoadingMore: query.isFetchingNextPage,
    isLoading: query.isLoading,
  };
}
