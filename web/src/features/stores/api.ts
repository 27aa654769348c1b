import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyOf, ResponseOf } from '@platform/http/contract';
import type { Category } from '@contracts/catalog';
import type { storesApi, weekHours } from '@contracts/stores';
import type { z } from 'zod';
import { apiGetOrNull, apiRequest } from '../../lib/client';
import { useList } from '../../lib/lists';
import { businessDataStaleTime } from '../../lib/query-client';

/* The stores API (docs/api-catalogue.md): the shopkeeper's own store, a shop's public page, categories. */

/** Keys "0" (domenica) … "6" (sabato); an empty day is a closed day. */
export type OpeningHours = z.infer<typeof weekHours>;
export type Weekday = keyof OpeningHours;
export type TimeRange = OpeningHours[Weekday][number];

/** The owner's view of the store (GET /api/stores/me). */
export type Store = ResponseOf<typeof storesApi.mine>;
export type StoreStatus = Store['status'];

/**
 * What the shopkeeper's form says about the shop: every field POST /api/stores takes, but the
 * delivery radius, which the form does not edit.
 */
export type StoreProfile = Omit<Required<BodyOf<typeof storesApi.create>>, 'deliveryRadius'>;

export type { Category };

const myStoreKey = ['/api/stores/me'] as const;

/** The shopkeeper's store; null when they have none yet (404). */
export function useMyStore() {
  return useQuery({
    queryKey: myStoreKey,
    staleTime: businessDataStaleTime,
    queryFn: () => apiGetOrNull<Store>('/api/stores/me'),
  });
}

/**
 * The command answers once the read models show the write, so the refetch is current; the
 * mutation settles only after it, so a page that navigates next already sees the new store.
 */
function useStoreWrite<Body, Answer>(write: (body: Body) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myStoreKey }),
  });
}

export const useCreateStore = () =>
  useStoreWrite((profile: BodyOf<typeof storesApi.create>) => apiRequest<ResponseOf<typeof storesApi.create, 201>>('POST', '/api/stores', profile));
export const useUpdateStore = () => useStoreWrite((changes: BodyOf<typeof storesApi.updateMine>) => apiRequest<Store>('PATCH', '/api/stores/me', changes));

/** GET /api/stores/{id or slug}: phone and e-mail are null unless the owner shows them. */
export type PublicStore = ResponseOf<typeof storesApi.show>;

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

export type StoreSellerAnswer = ResponseOf<typeof storesApi.mySeller>;
const sellerKey = ['/api/stores/me/seller'];

/** Who sells in the shopkeeper's shop, as declared and checked (issue [21]). */
export function useMySeller() {
  return useQuery({ queryKey: sellerKey, queryFn: () => apiGetOrNull<StoreSellerAnswer>('/api/stores/me/seller') });
}

/** PUT: the declaration (a trader with its VAT number, or a private seller); the admin checks it again. */
export function useDeclareSeller() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof storesApi.declareSeller>) => apiRequest<StoreSellerAnswer>('PUT', '/api/stores/me/seller', body),
    onSuccess: (data) => queryClient.setQueryData(sellerKey, data),
  });
}
