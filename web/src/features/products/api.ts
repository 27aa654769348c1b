import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyOf, ResponseOf } from '@platform/http/contract';
import type { catalogApi, Product } from '@contracts/catalog';
import { apiGetOrNull, apiRequest } from '../../lib/client';
import { useList } from '../../lib/lists';
import { businessDataStaleTime } from '../../lib/query-client';

/* The shopkeeper's catalogue (docs/api-catalogue.md): products, stock and the shared catalogue. */

export type { Product };
export type ProductStatus = Product['status'];

/** What the shopkeeper's form says about a product: every field POST /api/products takes. */
export type ProductFields = Required<BodyOf<typeof catalogApi.create>>;

export const productStatusLabels: Record<ProductStatus, string> = {
  active: 'Attivo',
  inactive: 'Non attivo',
  pending: 'In attesa',
};

/** A product of the shared catalogue, found by its barcode. */
export type GlobalProduct = ResponseOf<typeof catalogApi.byBarcode>;

const storeProductsUrl = (storeId: string) => `/api/stores/${storeId}/products`;
const productUrl = (id: string) => `/api/products/${encodeURIComponent(id)}`;

/** The store's products (for the owner: all but the deleted ones); a failed read shows as none. */
export const useStoreProducts = (storeId: string | undefined) => useList<Product>(storeId ? storeProductsUrl(storeId) : null, { businessData: true });

/** One product; the public answer also carries its shop, hence the type parameter. */
export function useProduct<Detail extends Product = Product>(id: string | undefined) {
  return useQuery<Detail>({
    queryKey: [productUrl(id ?? '')],
    enabled: Boolean(id),
    staleTime: businessDataStaleTime,
  });
}

/** The store's product lists, single products and their price comparisons: what a catalogue write can change. */
const isCatalogueKey = (key: unknown): boolean =>
  typeof key === 'string' && (/^\/api\/stores\/[^/]+\/products$/.test(key) || key.startsWith('/api/products/') || key.startsWith('/api/price-comparison/'));

/**
 * Every write answers once the read models show it; the catalogue reads are refetched before the
 * mutation settles, so the page shown next is already current.
 */
function useProductWrite<Input, Output>(write: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => queryClient.invalidateQueries({ predicate: (q) => isCatalogueKey(q.queryKey[0]) }),
  });
}

export const useCreateProduct = () =>
  useProductWrite((fields: BodyOf<typeof catalogApi.create>) => apiRequest<ResponseOf<typeof catalogApi.create, 201>>('POST', '/api/products', fields));

export const useUpdateProduct = () =>
  useProductWrite(({ id, changes }: { id: string; changes: BodyOf<typeof catalogApi.update> }) => apiRequest<Product>('PATCH', productUrl(id), changes));

/** Stock moves only by a signed delta with a reason, so every change is on the record. */
export const useAdjustStock = () =>
  useProductWrite(({ id, delta, reason }: { id: string } & BodyOf<typeof catalogApi.adjustStock>) => apiRequest<Product>('POST', `${productUrl(id)}/stock`, { delta, reason }));

export const useDeleteProduct = () => useProductWrite(({ id }: { id: string }) => apiRequest<null>('DELETE', productUrl(id)));

/** The shared catalogue's product with this barcode; null when the code is new (404). */
export function useGlobalProductByBarcode(code: string | null) {
  const url = `/api/global-products/by-barcode/${encodeURIComponent(code ?? '')}`;
  return useQuery({
    queryKey: [url],
    enabled: Boolean(code),
    staleTime: businessDataStaleTime,
    queryFn: () => apiGetOrNull<GlobalProduct>(url),
  });
}

export type ProductDetail = ResponseOf<typeof catalogApi.show>;

/** A product with its shop (public when active in an active shop). */
export const useProductDetail = (id: string | undefined) => useProduct<ProductDetail>(id);
