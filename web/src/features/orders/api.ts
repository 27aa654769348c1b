import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyOf, ResponseOf } from '@platform/http/contract';
import type { Order, ordersApi } from '@contracts/orders';
import * as labels from '@labels/orders';
import { apiRequest } from '../../lib/client';
import { usePagedList } from '../../lib/lists';
import { businessDataStaleTime } from '../../lib/query-client';

/* Orders as docs/api-orders.md answers them, for the customer's and the shopkeeper's pages. */

export type { Order };
export type OrderStatus = Order['status'];
export type PaymentStatus = Order['paymentStatus'];
export type DeliveryType = Order['deliveryType'];
export type OrderAction = Order['allowedActions'][number];

// Said once with the server (src/modules/orders/labels.ts); typed here by the contract's states.
export const orderStatusLabels: Record<OrderStatus, string> = labels.orderStatusLabels;
export const paymentStatusLabels: Record<PaymentStatus, string> = labels.paymentStatusLabels;
export const deliveryTypeLabels: Record<DeliveryType, string> = labels.deliveryTypeLabels;

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
    case 'sandbox':
      return 'Pagamento di prova, online (nessun addebito reale)';
    default:
      return order.paymentMethod;
  }
}

/** Paid on a provider's page (card, PayPal, the test payments), not in cash. */
export const paidOnline = (order: { paymentMethod: string }): boolean => order.paymentMethod !== 'cash';

/** Paid online and still to pay: the customer pays before the shop accepts it. */
export const awaitingPayment = (order: Pick<Order, 'paymentMethod' | 'paymentStatus' | 'status'>): boolean =>
  paidOnline(order) && order.status === 'pending' && order.paymentStatus === 'pending';

/** Cancelled after it was paid online: the refund is asked of the provider, not confirmed yet. */
export const refundPending = (order: Pick<Order, 'paymentMethod' | 'paymentStatus' | 'status'>): boolean =>
  paidOnline(order) && order.status === 'cancelled' && order.paymentStatus === 'paid';

/** The payment's state in words, true for how the order is paid. */
export function paymentStateLabel(order: Pick<Order, 'paymentMethod' | 'paymentStatus' | 'status'>): string {
  if (refundPending(order)) return 'Rimborso in corso';
  if (order.paymentStatus === 'pending' && !paidOnline(order)) return order.status === 'cancelled' ? 'Nessun pagamento' : 'Da pagare al negozio';
  return paymentStatusLabels[order.paymentStatus];
}

/** The shopkeeper's buttons, in the words of the shop. */
export const orderActionLabels: Record<OrderAction, string> = {
  accept: 'Accetta',
  ready: 'Segna come pronto',
  ship: 'Spedisci',
  complete: 'Completa',
  cancel: 'Annulla ordine',
};

export type OrderTimelineEntry = Order['timeline'][number];

/** A line of `GET /api/orders/user`. */
export type CustomerOrderSummary = ResponseOf<typeof ordersApi.customerList>[number];
/** A line of `GET /api/orders/store/{id}`. */
export type StoreOrderSummary = ResponseOf<typeof ordersApi.storeList>[number];

/** The body of the checkout: per shop how it is handed over and how it is paid. */
export type CheckoutInput = BodyOf<typeof ordersApi.checkout>;
export type PaymentMethod = CheckoutInput['paymentMethod'];

/** How many orders there are, in all and in each state (`GET …/summary`). */
export type CustomerOrderTotals = ResponseOf<typeof ordersApi.customerTotals>;
export type ShopOrderTotals = ResponseOf<typeof ordersApi.storeTotals>;
export type OrderCounts = Pick<CustomerOrderTotals, 'count' | 'byStatus'>;

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

/** One order; while its online payment or refund is on its way, looked at again every few seconds. */
export function useOrder(id: string | undefined) {
  return useQuery<Order>({
    queryKey: [orderUrl(id ?? '')],
    enabled: Boolean(id),
    staleTime: businessDataStaleTime,
    refetchInterval: (query) => {
      const order = query.state.data;
      // A withdrawal's refund on its way through the provider, too.
      return order && (awaitingPayment(order) || refundPending(order) || order.withdrawal.state === 'returned') ? 3_000 : false;
    },
  });
}

/** Opens (again) the order's online payment and goes to the provider's page to pay. */
export function usePayOrder() {
  return useMutation({
    mutationFn: (id: string) => apiRequest<ResponseOf<typeof ordersApi.pay>>('POST', `${orderUrl(id)}/payment`),
    onSuccess: ({ paymentUrl }) => window.location.assign(paymentUrl),
  });
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
      apiRequest<ResponseOf<typeof ordersApi.checkout, 201>>('POST', '/api/orders/checkout', input, { 'Idempotency-Key': idempotencyKey }),
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

/** The right of withdrawal of an order (src/modules/orders/withdrawal.ts), as the order answers it. */
export type OrderWithdrawal = Order['withdrawal'];

/** An order that answers a withdrawal's move: put in the cache, every order read refreshed. */
function useWithdrawalMove<V>(request: (vars: V) => Promise<Order>) {
  const queryClient = useQueryClient();
  const refresh = useRefreshOrders();
  return useMutation({
    mutationFn: request,
    onSuccess: (order) => {
      queryClient.setQueryData([orderUrl(order.id)], order);
      return refresh();
    },
  });
}

/** The customer withdraws from their shipped order (`POST /api/orders/:id/withdraw`), the reason optional. */
export const useWithdrawOrder = () =>
  useWithdrawalMove(({ id, reason }: { id: string; reason?: string }) =>
    apiRequest<ResponseOf<typeof ordersApi.withdraw>>('POST', `${orderUrl(id)}/withdraw`, reason ? { reason } : {}),
  );

/** The shop has the withdrawn goods back: the refund follows (`POST /api/orders/:id/withdrawal/return-received`). */
export const useConfirmWithdrawalReturn = () =>
  useWithdrawalMove((id: string) => apiRequest<ResponseOf<typeof ordersApi.withdrawalReturned>>('POST', `${orderUrl(id)}/withdrawal/return-received`));
