import { z } from 'zod';
import { api, countsByStatus, get, idParams, isoTime, movesOf, post, statusesQuery, storeIdParams, timestamps } from '../../platform/http/contract.js';
import { euros } from '../../platform/http/money.js';
import { adminResource } from '../../platform/http/admin-rest-contract.js';
import { pageQuery } from '../../platform/http/paging.js';
import { orderPaymentStatuses, paymentMethods, refundCaseKinds, refundStatuses } from './labels.js';
import { customerPhoneField, emailField, idempotencyKeyOf, requiredText, uuidParam } from '../../platform/http/schemas.js';
import { ofStore } from '../stores/contract.js';
import { WITHDRAWAL_REASON_MAX, withdrawalStates } from './withdrawal.js';

export const orderStatuses = ['pending', 'preparing', 'ready', 'shipping', 'completed', 'cancelled'] as const;
const orderStatus = z.enum(orderStatuses);
/** `partially_refunded`: paid, and part of it given back (a dispute's refund); `refunded`: all of it. */
const paymentStatus = z.enum(orderPaymentStatuses);
const paymentMethod = z.enum(paymentMethods);
const paymentChoice = z.enum(paymentMethods, { error: 'Metodo di pagamento: contanti (cash), carta (stripe), PayPal (paypal) o pagamento di prova (sandbox).' });
const deliveryType = z.enum(['pickup', 'shipping']);
const cancelledBy = z.enum(['customer', 'store', 'admin', 'system']);
const orderAction = z.enum(['accept', 'ready', 'ship', 'complete', 'cancel']);

const optionalNumber = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label}: scrivi un numero.` })
    .min(min, `${label} non valida.`)
    .max(max, `${label} non valida.`)
    .nullish();

export const checkoutBody = z.object({
  customerName: requiredText('Nome', { max: 120 }),
  customerPhone: customerPhoneField,
  customerEmail: emailField,
  // Each shop reads only its own note (stores[i].notes): one note for all went to every shop's order.
  notes: z.undefined({ error: 'Le note si scrivono per ciascun negozio: ognuno legge solo le sue.' }).optional(),
  /** How the orders are paid; a shop's own `paymentMethod` overrides it for its order. */
  paymentMethod: paymentChoice,
  stores: z
    .array(
      z.object({
        storeId: uuidParam,
        deliveryType: z.enum(['pickup', 'shipping'], { error: 'Scegli ritiro in negozio o spedizione.' }),
        pickupTime: z.string({ error: 'Orario di ritiro non valido.' }).max(40, 'Orario di ritiro non valido.').nullish(),
        deliveryAddress: z.string({ error: 'Indirizzo: deve essere un testo.' }).trim().max(300, 'Indirizzo: al massimo 300 caratteri.').nullish(),
        deliveryLatitude: optionalNumber('Latitudine', -90, 90),
        deliveryLongitude: optionalNumber('Longitudine', -180, 180),
        notes: z.string({ error: 'Note: deve essere un testo.' }).max(1000, 'Note: al massimo 1000 caratteri.').optional(),
        paymentMethod: paymentChoice.optional(),
      }),
      { error: 'Scegli almeno un negozio.' },
    )
    .min(1, 'Scegli almeno un negozio.')
    .max(20, 'Al massimo 20 negozi per ordine.'),
});

/** The checkout's header: the same key again answers the same orders, never a second order. */
export const idempotencyKey = idempotencyKeyOf('serve a non creare due volte lo stesso ordine');

/** The lists' filter and page (docs/api-orders.md): `?status=pending,preparing&page=2&pageSize=20`. */
const listQuery = z.object({
  status: statusesQuery(orderStatuses, { example: 'pending,preparing', unknown: 'Stato dell’ordine non valido.' }),
  ...pageQuery(500),
});
export type OrderListQuery = z.output<typeof listQuery>;

/** One order placed by the checkout (the pickup code only for a pickup; the payment's page only for one paid online and not yet paid). */
export const placedOrder = z.object({
  id: z.uuid(),
  storeId: z.uuid(),
  status: orderStatus,
  subtotal: euros,
  shippingCost: euros,
  total: euros,
  paymentMethod,
  paymentStatus,
  pickupCode: z.string().optional(),
  /** Shipping: the code the customer gives at the door to the collaborator who delivers. */
  deliveryCode: z.string().optional(),
  paymentUrl: z.string().optional(),
  paymentDueAt: isoTime.optional(),
});
export type PlacedOrder = z.infer<typeof placedOrder>;

/** One line as sold: name and price of the moment of the order. */
export const orderLine = z.object({
  productId: z.uuid(),
  name: z.string(),
  price: euros,
  quantity: z.number(),
  lineTotal: euros,
});

/** One step of the order, with who made it. */
export const orderTimelineEntry = z.object({
  status: orderStatus,
  at: isoTime,
  by: z.object({ userId: z.string(), role: z.string().nullable() }).nullable(),
  note: z.string().nullable(),
});

/** One refund of the order's online payment: how much, whether the provider confirmed it, when and why. */
export const orderRefund = z.object({
  amount: euros,
  status: z.enum(refundStatuses),
  requestedAt: isoTime,
  refundedAt: isoTime.nullable(),
  /** The reason it was asked with (null: made at the provider, by hand). */
  reason: z.string().nullable(),
  /** The case it was decided in (a customer's dispute), when it came from one. */
  fromCase: z.object({ id: z.uuid(), kind: z.enum(refundCaseKinds), title: z.string() }).nullable(),
});
export type OrderRefund = z.infer<typeof orderRefund>;

/** A chargeback of the order's online payment: the payer's bank took the money back, and how it ended. */
export const orderDispute = z.object({
  amount: euros,
  status: z.enum(['open', 'won', 'lost']),
  /** Why the bank says it was disputed, in Italian. */
  reason: z.string().nullable(),
  openedAt: isoTime,
  closedAt: isoTime.nullable(),
});

/** What an order paid online came to: paid, given back (confirmed), and what is left; null when nothing was paid online. */
export const orderMoney = z.object({
  paid: euros,
  refunded: euros,
  left: euros,
  refunds: z.array(orderRefund),
  /** The payer's bank's disputes (chargebacks) of the payment. */
  disputes: z.array(orderDispute),
});

/**
 * The right of withdrawal from a shipped order (withdrawal.ts, Codice del Consumo artt. 52–59): whether
 * the customer may withdraw now and until when, which lines are excluded and why, what it gives back;
 * once withdrawn, where it is.
 */
export const orderWithdrawal = z.object({
  possible: z.boolean(),
  /** Why not, in Italian (null when possible, or once withdrawn). */
  refusal: z.string().nullable(),
  /** The period's end: 14 days from delivery; null before delivery. */
  until: isoTime.nullable(),
  deliveredAt: isoTime.nullable(),
  /** The lines whose category excludes them (art. 59), each with its reason. */
  excludedLines: z.array(z.object({ productId: z.uuid(), name: z.string(), reason: z.string(), article: z.string() })),
  /** What withdrawing gives back (once withdrawn: what it gives back), and the shipping cost within it. */
  refund: euros,
  shippingRefund: euros,
  /** Null until the customer withdraws; then sent, the goods back at the shop, refunded. */
  state: z.enum(withdrawalStates).nullable(),
  /** The customer's reason, when they gave one. */
  reason: z.string().nullable(),
  withdrawnAt: isoTime.nullable(),
  returnedAt: isoTime.nullable(),
  refundedAt: isoTime.nullable(),
  /** The lines withdrawn, with how many pieces. */
  lines: z.array(z.object({ productId: z.uuid(), name: z.string(), quantity: z.number() })),
});
export type OrderWithdrawal = z.infer<typeof orderWithdrawal>;

/** The customer's withdrawal: the reason is optional. */
export const withdrawBody = z.object({
  reason: z.string({ error: 'Motivo: deve essere un testo.' }).max(WITHDRAWAL_REASON_MAX, `Motivo: al massimo ${WITHDRAWAL_REASON_MAX} caratteri.`).optional(),
});

/** An order's own fields, as every view of it shows them. */
const orderFields = {
  id: z.uuid(),
  userId: z.uuid(),
  ...ofStore,
  status: orderStatus,
  paymentStatus,
  paymentMethod,
  subtotal: euros,
  shippingCost: euros,
  total: euros,
  deliveryType,
  deliveryAddress: z.string().nullable(),
  pickupTime: isoTime.nullable(),
  customerName: z.string(),
  customerPhone: z.string(),
  customerEmail: z.string(),
  notes: z.string(),
  cancelReason: z.string().nullable(),
  cancelledBy: cancelledBy.nullable(),
  /** Paid online and not paid yet: the order is cancelled if still unpaid at this time. */
  paymentDueAt: isoTime.nullable(),
  ...timestamps,
};

/** docs/api-orders.md `Order`, as the caller may see it (the pickup and delivery codes are its customer's alone). */
export const order = z.object({
  ...orderFields,
  /** Null once the shop is gone. */
  storeSlug: z.string().nullable(),
  /** Where the shop is, for the way there (directions from the pickup card); null once the shop is gone. */
  storeAddress: z.string().nullable(),
  storeLatitude: z.number().nullable(),
  storeLongitude: z.number().nullable(),
  deliveryLatitude: z.number().nullable(),
  deliveryLongitude: z.number().nullable(),
  pickupCode: z.string().nullable(),
  /** Shipping: the code the customer gives at the door to the collaborator who delivers (the customer's alone). */
  deliveryCode: z.string().nullable(),
  /** The order's delivery task (docs/api-tasks.md), while one is open or once it delivered; the shop's and the admin's view. */
  deliveryTaskId: z.uuid().nullable(),
  /** Spec §3 orders.collaboratorId: who delivers it (a collaborator accepted its delivery task), and by when. */
  collaboratorId: z.uuid().nullable(),
  collaboratorName: z.string().nullable(),
  deliveryDeadline: isoTime.nullable(),
  items: z.array(orderLine),
  timeline: z.array(orderTimelineEntry),
  /** Its online payment's money: paid, refunded (each refund, when and why), left. */
  money: orderMoney.nullable(),
  /** The right of withdrawal (shipped orders): possible until when, or why not; once withdrawn, where it is. */
  withdrawal: orderWithdrawal,
  /** What the caller may do with it now. */
  allowedActions: z.array(orderAction),
});
export type Order = z.infer<typeof order>;

/** A line of `GET /api/orders/user`. */
export const customerOrderSummary = z.object({
  id: z.uuid(),
  ...ofStore,
  total: euros,
  status: orderStatus,
  paymentStatus,
  deliveryType,
  itemCount: z.number(),
  createdAt: isoTime,
});

/** A line of `GET /api/orders/store/{id}`. */
export const storeOrderSummary = z.object({
  id: z.uuid(),
  customerName: z.string(),
  total: euros,
  status: orderStatus,
  paymentMethod,
  paymentStatus,
  deliveryType,
  pickupTime: isoTime.nullable(),
  itemCount: z.number(),
  createdAt: isoTime,
  /** Its delivery handed to a collaborator (docs/api-tasks.md): the shop neither ships nor completes it itself. */
  deliveryTaskId: z.uuid().nullable(),
  /** The customer's withdrawal (null: none): the shop waits for the goods while `requested`. */
  withdrawalState: z.enum(withdrawalStates).nullable(),
});

const orderCounts = countsByStatus(orderStatus);
export const customerOrderTotals = z.object({
  ...orderCounts,
  /** The totals of the orders not cancelled. */
  spent: euros,
});
export const shopOrderTotals = z.object({
  ...orderCounts,
  /** Orders created this month on Rome's calendar, and the sum of their totals. */
  thisMonth: z.object({ orders: z.number(), revenue: euros }),
});

/** An order in the admin's list: the `Order` without items, timeline and pickup code. */
export const adminOrderRow = z.object({ ...orderFields, itemCount: z.number() });
export type AdminOrderRow = z.infer<typeof adminOrderRow>;

/** A move of the order (its body optional), answering the order as it now is. */
const move = movesOf('/api/orders/:id', order);
const adminOrders = adminResource('/api/admin/orders', adminOrderRow, order);

/** Spec §7 orders: checkout, the two lists, one order and its moves (docs/api-orders.md). */
export const ordersApi = api('ordini', {
  checkout: post(
    '/api/orders/checkout',
    'Trasforma le righe del carrello dei negozi scelti in un ordine per negozio (intestazione Idempotency-Key); pagati online, `paymentUrl` è la pagina del fornitore dove pagare',
    { 201: z.object({ orders: z.array(placedOrder), paymentUrl: z.string().nullable() }) },
    {
      body: checkoutBody,
    },
  ),
  customerList: get(
    '/api/orders/user',
    'Gli ordini del cliente, dal più recente, per stato e a pagine (X-Total-Count)',
    { 200: z.array(customerOrderSummary) },
    { querystring: listQuery },
  ),
  customerTotals: get('/api/orders/user/summary', 'Quanti ordini ha il cliente in ogni stato, e quanto ha speso', { 200: customerOrderTotals }),
  storeList: get(
    '/api/orders/store/:storeId',
    'Gli ordini ricevuti da un negozio, dal più recente, per stato e a pagine (X-Total-Count)',
    { 200: z.array(storeOrderSummary) },
    {
      params: storeIdParams,
      querystring: listQuery,
    },
  ),
  storeTotals: get(
    '/api/orders/store/:storeId/summary',
    'Quanti ordini ha un negozio in ogni stato, e gli ordini e l’incasso del mese',
    { 200: shopOrderTotals },
    { params: storeIdParams },
  ),
  get: get('/api/orders/:id', 'Un ordine, con le righe, la cronologia e ciò che chi chiede può farne', { 200: order }, { params: idParams }),
  accept: move('accept', 'Il negozio accetta l’ordine e lo prepara'),
  ready: move('ready', 'Il negozio segna l’ordine come pronto'),
  ship: move('ship', 'Il negozio spedisce l’ordine'),
  complete: move(
    'complete',
    'Il negozio completa l’ordine (il ritiro chiede il codice del cliente): l’ordine è pagato',
    z.object({ pickupCode: z.string({ error: 'Codice di ritiro: deve essere un testo.' }).max(20, 'Codice di ritiro non valido.').optional() }),
  ),
  pay: post(
    '/api/orders/:id/payment',
    'Il cliente apre (o riapre) il pagamento online dell’ordine ancora da pagare: risponde la pagina del fornitore dove pagare',
    { 200: z.object({ paymentUrl: z.string() }) },
    { params: idParams },
  ),
  cancel: move(
    'cancel',
    'Annulla l’ordine (il cliente finché è in attesa, il negozio con un motivo) e rimette in vendita i pezzi',
    z.object({ reason: z.string({ error: 'Motivo: deve essere un testo.' }).max(500, 'Motivo: al massimo 500 caratteri.').optional() }),
  ),
  withdraw: move(
    'withdraw',
    'Il cliente esercita il diritto di recesso dall’ordine spedito, entro 14 giorni dalla consegna (Codice del Consumo art. 52): le righe escluse per categoria restano vendute',
    withdrawBody,
  ),
  withdrawalReturned: post(
    '/api/orders/:id/withdrawal/return-received',
    'Il negozio conferma che la merce del recesso è tornata: parte il rimborso (sul pagamento online, una volta sola; in contanti lo restituisce il negozio)',
    { 200: order },
    { params: idParams },
  ),
  adminList: adminOrders.list('Tutti gli ordini, per l’amministrazione: filtri, ordinamento e intervallo (Content-Range)'),
  adminGet: adminOrders.get('Un ordine intero, per l’amministrazione'),
});
