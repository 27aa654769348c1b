import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { businessDataStaleTime } from '../../lib/query-client';
import type { QueryOf, ResponseOf } from '@platform/http/contract';
import type { FoundProduct, NearbyDelivery, NearbyStore, searchApi } from '@contracts/search';

/* The product search of docs/api-catalogue.md, as the customer uses it. */

/** A product found, with its shop and where to pin it on the results map. */
export type SearchItem = FoundProduct;
export type SearchPage = ResponseOf<typeof searchApi.products>;
export type SearchSort = NonNullable<QueryOf<typeof searchApi.products>['sort']>;
/** A shop beyond the radius that has what was searched (when nothing is found within it). */
export type ShopBeyond = SearchPage['beyond'][number];
export type { NearbyDelivery, NearbyStore };

export interface SearchParams {
  q: string;
  lat: number;
  lng: number;
  radius: number;
  category: string;
  /** '' for the search's own order: the best matches first with words, the nearest without. */
  sort: SearchSort | '';
  page: number;
  /** The words as typed, none corrected. */
  asTyped: boolean;
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
export function useProductSearch({ q, lat, lng, radius, category, sort, page, asTyped }: SearchParams) {
  return useQuery<SearchPage>({
    queryKey: [withQuery('/api/search/products', { q, lat, lng, radius, category, sort, page, pageSize: searchPageSize, asTyped: q && asTyped ? 'true' : undefined })],
    staleTime: businessDataStaleTime,
    placeholderData: keepPreviousData,
  });
}

export interface NearbyParams {
  lat: number;
  lng: number;
  radius: number;
  category: string;
  openNow: boolean;
  delivery: NearbyDelivery | '';
  limit: number;
}

/** The shops nearest the position (GET /api/stores/nearby), nearest first: browsing without a query. */
export function useNearbyStores({ lat, lng, radius, category, openNow, delivery, limit }: NearbyParams, { enabled = true } = {}) {
  return useQuery<NearbyStore[]>({
    queryKey: [withQuery('/api/stores/nearby', { lat, lng, radius, category, openNow: openNow ? 'true' : undefined, delivery, limit })],
    enabled,
    staleTime: businessDataStaleTime,
    placeholderData: keepPreviousData,
  });
}
