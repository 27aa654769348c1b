import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Cart, CartItem, CartStore } from '@contracts/cart';
import { apiRequest } from '../../lib/client';

/* The customer's cart as docs/api-orders.md answers it: every write answers the whole cart. */

export const cartUrl = '/api/cart';
/** Spec: a cart line holds 1–99 pieces. */
export const maxLineQuantity = 99;

export type { Cart, CartItem, CartStore };
export type CartShipping = CartStore['shipping'];

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
  useCartWrite(({ productId, quantity }: Pick<CartItem, 'productId' | 'quantity'>) => apiRequest<Cart>('POST', `${cartUrl}/items`, { productId, quantity }));

export const useChangeCartItem = () => useCartWrite(({ id, quantity }: Pick<CartItem, 'id' | 'quantity'>) => apiRequest<Cart>('PATCH', `${cartUrl}/items/${id}`, { quantity }));

export const useRemoveCartItem = () => useCartWrite(({ id }: { id: string }) => apiRequest<Cart>('DELETE', `${cartUrl}/items/${id}`));

export const useClearCart = () => useCartWrite(() => apiRequest<Cart>('DELETE', cartUrl));
