import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from './client';
import { useList } from './lists';
import { businessDataStaleTime } from './query-client';

/* The customer side of docs/api-catalogue.md: search, public stores and products, favourites. */

export { useFavorites } from './dashboards';

/** `OpeningHours`: keys "0" (domenica) … "6" (sabato); an empty day is closed. */
export type OpeningHours = Partial<Record<'0' | '1' | '2' | '3' | '4' | '5' | '6', { open: string; close: string }[]>>;

export interface Product {
  id: string;
  storeId: string;
  name: string;
  description: string;
  price: number;
  stockQuantity: number;
  imageUrl: string | null;
  images: string[];
  defaultImageIndex: number;
  pdfUrl: string | null;
  category: string | null;
  sku: string | null;
  barcode: string | null;
  status: 'active' | 'inactive' | 'pending';
  featured: boolean;
  onSale: boolean;
}

export interface SearchItem extends Product {
  store: { id: string; name: string; slug: string };
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

export interface NearbyStore {
  id: string;
  name: string;
  slug: string;
  category: string;
  address: string;
  latitude: number;
  longitude: number;
  logo: string | null;
  openNow: boolean;
  distanceKm: number;
}

export interface PublicStore {
  id: string;
  name: string;
  slug: string;
  description: string;
  address: string;
  phone: string | null;
  email: string | null;
  website: string | null;
  category: string;
  latitude: number;
  longitude: number;
  openingHours: OpeningHours;
  logo: string | null;
  images: string[];
  showMap: boolean;
  status: 'pending' | 'active' | 'suspended';
  shippingEnabled: boolean;
  pickupOnly: boolean;
  shippingRadius: number | null;
  minimumOrderForShipping: number | null;
  shippingCost: number | null;
  freeShippingThreshold: number | null;
  shippingNote: string | null;
  openNow: boolean;
  rating: number | null;
}

export interface ProductDetail extends Product {
  store: { id: string; name: string; slug: string; address: string; latitude: number; longitude: number };
}

export interface Category {
  id: string;
  name: string;
  slug: string;
  description: string;
  icon: string;
  color: string;
  sortOrder: number;
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

/** Active shops within the radius, nearest first; also where the search map gets coordinates. */
export function useNearbyStores(params: { lat: number; lng: number; radius: number; category?: string; q?: string }) {
  return useList<NearbyStore>(withQuery('/api/stores/nearby', params), { businessData: true });
}

/** A shop's public page by id or slug; a 404 comes back as an ApiError the page can tell apart. */
export function usePublicStore(idOrSlug: string | undefined) {
  return useQuery<PublicStore>({
    queryKey: [`/api/stores/${encodeURIComponent(idOrSlug ?? '')}`],
    enabled: Boolean(idOrSlug),
    staleTime: businessDataStaleTime,
  });
}

export const useStoreProductsPublic = (storeId: string | undefined) =>
  useList<Product>(storeId ? `/api/stores/${storeId}/products` : null, { businessData: true });

export function useProduct(id: string | undefined) {
  return useQuery<ProductDetail>({
    queryKey: [`/api/products/${encodeURIComponent(id ?? '')}`],
    enabled: Boolean(id),
    staleTime: businessDataStaleTime,
  });
}

/** The categories hardly ever change: cached for the whole visit. */
export const useCategories = () => useList<Category>('/api/categories');

export function useToggleFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ storeId, favorite }: { storeId: string; favorite: boolean }) =>
      favorite ? apiRequest('POST', '/api/favorites', { storeId }) : apiRequest('DELETE', `/api/favorites/${storeId}`),
    // The command answers once the read model shows the change, so a refetch is already current.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['/api/favorites'] }),
  });
}

