import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/client';
import type { OpeningHours } from '../stores/api';

/* The customer's cart as docs/api-orders.md answers it: every write answers the whole cart. */

export const cartUrl = '/api/cart';
/** Spec: a cart line holds 1–99 pieces. */
export const maxLineQuantity = 99;

export interface CartItem {
  id: string;
  productId: string;
  storeId: string;
  quantity: number;
  name: string;
  price: number;
  imageUrl: string | null;
  stockQuantity: number;
  /** The product is still active in an active store. */
  available: boolean;
  store: { id: string; name: string; slug: string };
}

export interface CartShipping {
  enabled: boolean;
  radiusKm: number;
  cost: number;
  freeFrom: number | null;
  minimumOrder: number | null;
  note: string | null;
}

export interface CartStore {
  id: string;
  name: string;
  slug: string;
  address: string;
  latitude: number;
  longitude: number;
  openingHours: OpeningHours | null;
  openNow: boolean;
  subtotal: number;
  items: CartItem[];
  /** False while the shop has not stated its opening hours. */
  pickup: boolean;
  shipping: CartShipping;
  paymentMethods: string[];
}

export interface Cart {
  items: CartItem[];
  stores: CartStore[];
  itemCount: number;
  subtotal: number;
}

export const emptyCart: Cart = { items: [], stores: [], itemCount: 0, subtotal: 0 };

/** The cart; only a customer has one, so other users never ask for it. */
export function useCart(enabled = true) {
  return useQuery<Cart>({ queryKey: [cartUrl], enabled, staleTime: 0 });
}

/** A write whose answer is the cart as it now is: it replaces the cached one. */
function useCartWrite<Input>(send: (input: Input) => Promise<Cart>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (cart) => queryClient.setQueryData([cartUrl], cart),
  });
}

export const useAddToCart = () =>
  useCartWrite(({ productId, quantity }: { productId: string; quantity: number }) => apiRequest<Cart>('POST', `${cartUrl}/items`, { productId, quantity }));

export const useChangeCartItem = () =>
  useCartWrite(({ id, quantity }: { id: string; quantity: number }) => apiRequest<Cart>('PATCH', `${cartUrl}/items/${id}`, { quantity }));

export const useRemoveCartItem = () => useCartWrite(({ id }: { id: string }) => apiRequest<Cart>('DELETE', `${cartUrl}/items/${id}`));

export const useClearCart = () => useCartWrite(() => apiRequest<Cart>('DELETE', cartUrl));
