import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/client';
import { useProduct, useStoreProducts, type Product } from '../products/api';
import { businessDataStaleTime } from '../../lib/query-client';
import type { StoreProfile, StoreStatus } from '../stores/api';

/* The customer side of docs/api-catalogue.md: search, public stores and products, favourites. */

export { useFavorites } from '../dashboard/api';

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

/** GET /api/stores/{id or slug}: phone and e-mail are null unless the owner shows them. */
export interface PublicStore extends StoreProfile {
  id: string;
  slug: string;
  deliveryRadius: number;
  status: StoreStatus;
  openNow: boolean;
  rating: number | null;
}

export interface ProductDetail extends Product {
  store: { id: string; name: string; slug: string; address: string; latitude: number; longitude: number };
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

/** A shop's public page by id or slug; a 404 stays an ApiError the page can tell apart. */
export function usePublicStore(idOrSlug: string | undefined) {
  return useQuery<PublicStore>({
    queryKey: [`/api/stores/${encodeURIComponent(idOrSlug ?? '')}`],
    enabled: Boolean(idOrSlug),
    staleTime: businessDataStaleTime,
  });
}

/** The owner's endpoint and cache entry: to visitors it answers only the active products. */
export const useStoreProductsPublic = useStoreProducts;

/** A product with its shop (public when active in an active shop). */
export const useProductDetail = (id: string | undefined) => useProduct<ProductDetail>(id);

export function useToggleFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ storeId, favorite }: { storeId: string; favorite: boolean }) =>
      favorite ? apiRequest('POST', '/api/favorites', { storeId }) : apiRequest('DELETE', `/api/favorites/${storeId}`),
    // The command answers once the read model shows the change, so the refetch is already current.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['/api/favorites'] }),
  });
}
