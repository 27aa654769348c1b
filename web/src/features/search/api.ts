import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { businessDataStaleTime } from '../../lib/query-client';
import type { Product } from '../products/api';

/* The product search of docs/api-catalogue.md, as the customer uses it. */

export interface SearchItem extends Product {
  /** The shop, with where to pin it on the results map. */
  store: { id: string; name: string; slug: string; latitude: number; longitude: number };
  distanceKm: number;
}

export interface SearchPage {
  items: SearchItem[];
  total: number;
  page: number;
  pageSize: number;
}

export type SearchSort = 'distance' | 'relevance' | 'price';

export interface SearchParams {
  q: string;
  lat: number;
  lng: number;
  radius: number;
  category: string;
  sort: SearchSort;
  page: number;
}

export const searchPageSize = 20;

/** Empty values stay out of the URL, so equal searches share one cache entry. */
function withQuery(path: string, params: Record<string, string | number | undefined>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') query.set(key, String(value));
  }
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/**
 * One page of results. The previous page stays on screen while the next loads, so changing a
 * filter or the page does not flash an empty list.
 */
export function useProductSearch({ q, lat, lng, radius, category, sort, page }: SearchParams) {
  return useQuery<SearchPage>({
    queryKey: [withQuery('/api/search/products', { q, lat, lng, radius, category, sort, page, pageSize: searchPageSize })],
    staleTime: businessDataStaleTime,
    placeholderData: keepPreviousData,
  });
}
