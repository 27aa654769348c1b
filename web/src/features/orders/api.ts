import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/client';
import { usePagedList } from '../../lib/lists';
import { businessDataStaleTime } from '../../lib/query-client';

/* Orders as docs/api-orders.md answers them, for the customer's and the shopkeeper's pages. */

export type OrderStatus = 'pending' | 'preparing' | 'ready' | 'shipping' | 'completed' | 'cancelled';
export type PaymentStatus = 'pending' | 'paid' | 'failed' | 'refunded';
export type DeliveryType = 'pickup' | 'shipping';
export type OrderAction = 'accept' | 'ready' | 'ship' | 'complete' | 'cancel';

export const orderStatusLabels: Record<OrderStatus, string> = {
  pending: 'In attesa',
  preparing: 'In preparazione',
  ready: 'Pronto',
  shipping: 'In consegna',
  completed: 'Completato',
  cancelled: 'Annullato',
};

export const paymentStatusLabels: Record<PaymentStatus, string> = {
  pending: 'Da pagare',
  paid: 'Pagato',
  failed: 'Pagamento non riuscito',
  refunded: 'Rimborsato',
};

export const deliveryTypeLabels: Record<DeliveryType, string> = { pickup: 'Ritiro in negozio', shipping: 'Spedizione' };

/**
 * How an order is paid, in words true for its delivery: cash changes hands at the counter for a
 * pickup and at the door for a shipping. Every page that shows an order's payment says it so.
 */
export function paymentMethodLabel(order: { paymentMethod: string; deliveryType: DeliveryType }): string {
  switch (order.paymentMethod) {
    case 'cash':
      return order.deliveryType === 'pickup' ? 'Contanti in negozio, al ritiro' : 'Contanti alla consegna';
    case 'stripe':
      return 'Carta, online';
    case 'paypal':
      return 'PayPal, online';
    default:
      return order.paymentMethod;
  }
}

/** The shopkeeper's buttons, in the words of the shop. */
export const orderActionLabels: Record<OrderAction, string> = {
  accept: 'Accetta',
  ready: 'Segna come pronto',
  ship: 'Spedisci',
  complete: 'Completa',
  cancel: 'Annulla ordine',
};

export interface OrderLine { productId: string; name: string; price: number; quantity: number; lineTotal: number }
export interface OrderTimelineEntry { status: OrderStatus; at: string; by: { userId: string; role: string } | null; note: string | null }

export interface Order {
  id: string;
  userId: string;
  storeId: string;
  storeName: string;
  storeSlug: string | null;
  status: OrderStatus;
  subtotal: number;
  shippingCost: number;
  total: number;
  deliveryType: DeliveryType;
  deliveryAddress: string | null;
  deliveryLatitude: number | null;
  deliveryLongitude: number | null;
  pickupTime: string | null;
  paymentMethod: string;
  paymentStatus: PaymentStatus;
  customerName: string;
  customerPhone: string;
  customerEmail: string;
  notes: string;
  pickupCode: string | null;
  cancelReason: string | null;
  cancelledBy: 'customer' | 'store' | 'admin' | null;
  items: OrderLine[];
  timeline: OrderTimelineEntry[];
  createdAt: string;
  updatedAt: string;
  allowedActions: OrderAction[];
}

/** A line of `GET /api/orders/user`. */
export interface CustomerOrderSummary {
  id: string;
  storeId: string;
  storeName: string;
  total: number;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  deliveryType: DeliveryType;
  itemCount: number;
  createdAt: string;
}

/** A line of `GET /api/orders/store/{id}`. */
export interface StoreOrderSummary {
  id: string;
  customerName: string;
  total: number;
  status: OrderStatus;
  paymentMethod: string;
  paymentStatus: PaymentStatus;
  deliveryType: DeliveryType;
  pickupTime: string | null;
  itemCount: number;
  createdAt: string;
}

export interface CheckoutStoreChoice {
  storeId: string;
  deliveryType: DeliveryType;
  pickupTime?: string;
  deliveryAddress?: string;
  deliveryLatitude?: number;
  deliveryLongitude?: number;
}

export interface CheckoutInput {
  customerName: string;
  customerPhone: string;
  customerEmail: string;
  notes?: string;
  paymentMethod: 'cash';
  stores: CheckoutStoreChoice[];
}

export interface PlacedOrder { id: string; storeId: string; status: OrderStatus; subtotal: number; shippingCost: number; total: number; pickupCode?: string }

/** How many orders there are, in all and in each state (`GET …/summary`). */
export interface OrderCounts {
  count: number;
  byStatus: Record<OrderStatus, number>;
}
export interface CustomerOrderTotals extends OrderCounts {
  /** The totals of the orders not cancelled. */
  spent: number;
}
export interface ShopOrderTotals extends OrderCounts {
  /** Orders created this month on Rome's calendar, and the sum of their totals. */
  thisMonth: { orders: number; revenue: number };
}

export const orderUrl = (id: string) => `/api/orders/${id}`;
export const userOrdersUrl = '/api/orders/user';
export const storeOrdersUrl = (storeId: string) => `/api/orders/store/${storeId}`;

/** `?status=` of the order lists: all of them when none is named. */
const withStatuses = (url: string, statuses: readonly OrderStatus[]) => (statuses.length ? `${url}?status=${statuses.join(',')}` : url);

/** The customer's orders in `statuses` (all when none), newest first, a page at a time. */
export const useUserOrders = (statuses: readonly OrderStatus[] = [], { pageSize = 20 } = {}) =>
  usePagedList<CustomerOrderSummary>(withStatuses(userOrdersUrl, statuses), { pageSize, businessData: true });
export const useUserOrderTotals = () => useQuery<CustomerOrderTotals>({ queryKey: [`${userOrdersUrl}/summary`], staleTime: businessDataStaleTime });

/** `refetchInterval`: a page the shop keeps open polls as a fallback for the live stream. */
export const useStoreOrders = (
  storeId: string | undefined,
  { statuses = [], pageSize = 20, refetchInterval }: { statuses?: readonly OrderStatus[]; pageSize?: number; refetchInterval?: number } = {},
) => usePagedList<StoreOrderSummary>(storeId ? withStatuses(storeOrdersUrl(storeId), statuses) : null, { pageSize, businessData: true, refetchInterval });
export const useStoreOrderTotals = (storeId: string | undefined, { refetchInterval }: { refetchInterval?: number } = {}) =>
  useQuery<ShopOrderTotals>({
    queryKey: [`${storeOrdersUrl(storeId ?? '')}/summary`],
    enabled: Boolean(storeId),
    staleTime: businessDataStaleTime,
    refetchInterval: refetchInterval ?? false,
  });

export function useOrder(id: string | undefined) {
  return useQuery<Order>({ queryKey: [orderUrl(id ?? '')], enabled: Boolean(id), staleTime: businessDataStaleTime });
}

/** Order lists, single orders and the cart: what a checkout or a move can change. */
const isOrderKey = (key: unknown): boolean => typeof key === 'string' && (key.startsWith('/api/orders') || key === '/api/cart');

/** Refetches every order read (and the cart); the notifications stream calls it too. */
export function useRefreshOrders() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ predicate: (q) => isOrderKey(q.queryKey[0]) });
}

/**
 * Places one order per shop. The idempotency key is made once per checkout attempt by the page
 * (randomUuid) and sent again on a retry, so a double click never orders twice.
 */
export function useCheckout() {
  const refresh = useRefreshOrders();
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: CheckoutInput; idempotencyKey: string }) =>
      apiRequest<{ orders: PlacedOrder[] }>('POST', '/api/orders/checkout', input, { 'Idempotency-Key': idempotencyKey }),
    onSuccess: () => refresh(),
  });
}

/** accept | ready | ship | complete ({pickupCode}) | cancel ({reason}); answers the Order. */
export function useOrderAction() {
  const queryClient = useQueryClient();
  const refresh = useRefreshOrders();
  return useMutation({
    mutationFn: ({ id, action, pickupCode, reason }: { id: string; action: OrderAction; pickupCode?: string; reason?: string }) =>
      apiRequest<Order>('POST', `${orderUrl(id)}/${action}`, action === 'complete' ? { pickupCode } : action === 'cancel' ? { reason } : {}),
    onSuccess: (order) => {
      queryClient.setQueryData([orderUrl(order.id)], order);
      return refresh();
    },
  });
}
