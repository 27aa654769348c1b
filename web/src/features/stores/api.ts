import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiGet, apiRequest } from '../../lib/client';
import { useList } from '../../lib/lists';
import { businessDataStaleTime } from '../../lib/query-client';

/* The stores API (docs/api-catalogue.md): the shopkeeper's own store, a shop's public page, categories. */

export type Weekday = '0' | '1' | '2' | '3' | '4' | '5' | '6';
export interface TimeRange { open: string; close: string }
/** Keys "0" (domenica) … "6" (sabato); an empty day is a closed day. */
export type OpeningHours = Record<Weekday, TimeRange[]>;

export type StoreStatus = 'pending' | 'active' | 'suspended';

/** What the shopkeeper says about the shop: the body of POST /api/stores and PATCH /api/stores/me. */
export interface StoreProfile {
  name: string;
  description: string;
  address: string;
  phone: string | null;
  email: string | null;
  website: string | null;
  category: string;
  storeType: 'retail' | 'wholesale';
  latitude: number;
  longitude: number;
  /** Null until the owner states them: "Orari non indicati", and no pickup meanwhile. */
  openingHours: OpeningHours | null;
  logo: string | null;
  images: string[];
  showPhone: boolean;
  showEmail: boolean;
  showMap: boolean;
  shippingEnabled: boolean;
  pickupOnly: boolean;
  shippingRadius: number | null;
  minimumOrderForShipping: number | null;
  shippingCost: number | null;
  freeShippingThreshold: number | null;
  shippingNote: string | null;
  onlinePaymentsEnabled: boolean;
  stripePaymentsEnabled: boolean;
  paypalPaymentsEnabled: boolean;
}

/** The owner's view of the store (GET /api/stores/me). */
export interface Store extends StoreProfile {
  id: string;
  userId: string;
  slug: string;
  deliveryRadius: number;
  status: StoreStatus;
  statusReason: string | null;
  views: number;
  createdAt: string;
  updatedAt: string;
}

export interface Category {
  id: string;
  name: string;
  slug: string;
  description: string;
  icon: string | null;
  color: string | null;
  sortOrder: number;
}

const myStoreKey = ['/api/stores/me'] as const;

/** The shopkeeper's store; null when they have none yet (404). */
export function useMyStore() {
  return useQuery({
    queryKey: myStoreKey,
    staleTime: businessDataStaleTime,
    queryFn: async () => {
      try {
        return await apiGet<Store>('/api/stores/me');
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });
}

/**
 * The command answers once the read models show the write, so the refetch is current; the
 * mutation settles only after it, so a page that navigates next already sees the new store.
 */
function useStoreWrite(write: (body: Partial<StoreProfile>) => Promise<Store>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myStoreKey }),
  });
}

export const useCreateStore = () => useStoreWrite((profile) => apiRequest<Store>('POST', '/api/stores', profile));
export const useUpdateStore = () => useStoreWrite((changes) => apiRequest<Store>('PATCH', '/api/stores/me', changes));

/** GET /api/stores/{id or slug}: phone and e-mail are null unless the owner shows them. */
export interface PublicStore extends StoreProfile {
  id: string;
  slug: string;
  deliveryRadius: number;
  status: StoreStatus;
  openNow: boolean;
  rating: number | null;
}

/** A shop's public page by id or slug; a 404 stays an ApiError the page can tell apart. */
export function usePublicStore(idOrSlug: string | undefined) {
  return useQuery<PublicStore>({
    queryKey: [`/api/stores/${encodeURIComponent(idOrSlug ?? '')}`],
    enabled: Boolean(idOrSlug),
    staleTime: businessDataStaleTime,
  });
}

/** The categories hardly ever change: read once per visit (a failed read shows as no categories). */
export const useCategories = () => useList<Category>('/api/categories');
