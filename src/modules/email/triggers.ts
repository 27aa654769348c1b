import type pg from 'pg';
import { formatCents } from '../../platform/domain/money.js';
import type { RecordedEvent } from '../../platform/eventstore/types.js';
import { reading, type Projection } from '../../platform/projections/projection.js';
import { type OrderPlacedData, type OrderRef, type OrderStatus } from '../orders/order.js';
import { orderStatusLabels } from '../orders/labels.js';
import type { ReservationRef } from '../reservations/reservation.js';
import type { StoreEvent } from '../stores/store.js';
import type { UserEvent } from '../users/user.js';
import { contactEmailTriggers } from '../contact/mails.js';
import { packageEmailTriggers } from '../packages/mails.js';
import { withdrawalEmailTriggers } from '../orders/mails.js';
import { creditEmailTriggers } from '../credits/mails.js';
import { earningsEmailTriggers } from '../earnings/mails.js';
import { collaboratorEmailTriggers } from '../collaborators/mails.js';
import type { NoticeKind } from '../notifications/contract.js';
import { siteUrl } from './links.js';
import { enqueueEmails, type MailRequest } from './queue.js';
import type { TemplateData } from './render.js';

type Registration = Extract<UserEvent, { type: 'UserRegistered' }>['data'];
type StoreData<T extends StoreEvent['type']> = Extract<StoreEvent, { type: T }>['data'];

/** What a mail needs to be addressed: the recipient, the template's data, and what it is about. */
type Addressed = Omit<MailRequest, 'template' | 'scheduledAt' | 'sourceEventId'>;
/** Reads the recipient of an event's mail (the rows it needs through `rows`); null when there is none to write to. */
export type Recipient = (event: RecordedEvent, rows: RowById) => Promise<Addressed | null>;

/** A row of a read model by its id (null when there is none): `columns` of `table`, both written in the code. */
export type RowById = <T>(table: string, columns: string, id: string) => Promise<T | null>;

/**
 * Rows by id, read in one query a table for every mail of a batch that asks in the same turn (the
 * triggers address all the batch's mails at once): a round trip a table, not one a mail.
 */
interface Wanted {
  promise: Promise<unknown>;
  resolve(row: unknown): void;
  reject(error: unknown): void;
}

function wanted(): Wanted {
  const handles: Partial<Wanted> = {};
  handles.promise = new Promise((resolve, reject) => Object.assign(handles, { resolve, reject }));
  return handles as Wanted;
}

export function rowsByIdIn(tx: pg.ClientBase): RowById {
  const asked = new Map<string, Map<string, Wanted>>();
  return <T>(table: string, columns: string, id: string): Promise<T | null> => {
    const key = `${table}\n${columns}`;
    let ids = asked.get(key);
    if (!ids) {
      const batch = new Map<string, Wanted>();
      asked.set(key, batch);
      ids = batch;
      queueMicrotask(() => {
        asked.delete(key);
        tx.query(`SELECT id::text AS "__id", ${columns} FROM ${table} WHERE id = ANY ($1::uuid[])`, [[...batch.keys()]]).then(
          ({ rows }) => {
            const found = new Map(rows.map(({ __id, ...row }) => [__id as string, row]));
            for (const [id, one] of batch) one.resolve(found.get(id) ?? null);
          },
          (error: unknown) => {
            for (const one of batch.values()) one.reject(error);
          },
        );
      });
    }
    let one = ids.get(id);
    if (!one) {
      one = wanted();
      ids.set(id, one);
    }
    return one.promise as Promise<T | null>;
  };
}

const orderNumber = (orderId: string) => orderId.slice(0, 8).toUpperCase();
const orderUrl = (orderId: string) => `${siteUrl}/customer/orders/${orderId}`;

const placedForCustomer: Recipient = async (event) => {
  const o = event.data as OrderPlacedData;
  const data: TemplateData = {
    name: o.customerName,
    orderNumber: orderNumber(o.orderId),
    storeName: o.storeName,
    total: formatCents(o.totalCents),
    pickupCode: o.deliveryType === 'pickup' ? o.pickupCode : null,
    deliveryAddress: o.deliveryType === 'shipping' ? o.deliveryAddress : null,
    orderUrl: orderUrl(o.orderId),
  };
  return { to: { email: o.customerEmail, name: o.customerName }, data, userId: o.userId, storeId: o.storeId };
};

const placedForShop: Recipient = async (event, rows) => {
  const o = event.data as OrderPlacedData;
  const owner = await userAt(rows, o.storeOwnerId);
  if (!owner) return null;
  const data: TemplateData = {
    orderNumber: orderNumber(o.orderId),
    storeName: o.storeName,
    customerName: o.customerName,
    total: formatCents(o.totalCents),
    deliveryLabel: o.deliveryType === 'pickup' ? 'ritiro in negozio' : 'consegna',
    notes: o.notes,
    orderUrl: `${siteUrl}/shopkeeper/orders/${o.orderId}`,
  };
  return { to: { email: owner.email, name: owner.name }, data, userId: o.storeOwnerId, storeId: o.storeId };
};

/** The customer hears of each step of the order, with the pickup code or the delivery address. */
const statusChanged =
  (status: OrderStatus): Recipient =>
  async (event, rows) => {
    const ref = event.data as OrderRef;
    const order = await rows<{ customer_email: string; customer_name: string; delivery_type: string; pickup_code: string | null; delivery_address: string | null }>(
      'orders',
      'customer_email, customer_name, delivery_type, pickup_code, delivery_address',
      ref.orderId,
    );
    if (!order) return null;
    const open = status !== 'completed' && status !== 'cancelled';
    const data: TemplateData = {
      name: order.customer_name,
      orderNumber: orderNumber(ref.orderId),
      storeName: ref.storeName,
      statusLabel: orderStatusLabels[status],
      pickupCode: open && order.delivery_type === 'pickup' ? order.pickup_code : null,
      deliveryAddress: open && order.delivery_type === 'shipping' ? order.delivery_address : null,
      orderUrl: orderUrl(ref.orderId),
    };
    return { to: { email: order.customer_email, name: order.customer_name }, data, userId: ref.userId, storeId: ref.storeId };
  };

/** A user of the users read model, addressed by id; null when there is none. */
const userAt = (rows: RowById, userId: string) => rows<{ email: string; name: string; username: string }>('users', 'email, name, username', userId);

const romeTime = new Intl.DateTimeFormat('it-IT', { timeZone: 'Europe/Rome', dateStyle: 'long', timeStyle: 'short' });
/** "giovedì 26 novembre 2026": a reservation's day (YYYY-MM-DD, a day in Rome). */
const dayLabel = (day: string) =>
  new Intl.DateTimeFormat('it-IT', { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(`${day}T12:00:00Z`));

/** Whoever changed their password hears of it, so a change they did not make does not go unseen. */
const passwordChanged: Recipient = async (event, rows) => {
  const userId = event.streamId.slice('user-'.length);
  const user = await userAt(rows, userId);
  if (!user) return null;
  const data: TemplateData = { name: user.name, username: user.username, changedAt: romeTime.format(new Date(event.metadata.at)), loginUrl: `${siteUrl}/auth` };
  return { to: { email: user.email, name: user.name }, data, userId };
};

/** The customer of a reservation, at the address given with it, with what and when. */
const reservationStep =
  (only?: (event: RecordedEvent) => boolean): Recipient =>
  async (event, rows) => {
    if (only && !only(event)) return null;
    const ref = event.data as ReservationRef & { shopkeeperNotes?: string };
    const reservation = await rows<{ customer_email: string; customer_name: string; preferred_pickup_time: string | null }>(
      'product_reservations',
      'customer_email, customer_name, preferred_pickup_time',
      ref.reservationId,
    );
    if (!reservation) return null;
    const data: TemplateData = {
      name: reservation.customer_name,
      productName: ref.productName,
      quantity: ref.quantity,
      storeName: ref.storeName,
      day: dayLabel(ref.reservationDate),
      pickupTime: reservation.preferred_pickup_time,
      shopkeeperNotes: ref.shopkeeperNotes || null,
      reservationsUrl: `${siteUrl}/customer/reservations`,
      searchUrl: `${siteUrl}/search`,
    };
    return { to: { email: reservation.customer_email, name: reservation.customer_name }, data, userId: ref.userId, storeId: ref.storeId };
  };

/** The shop's owner hears what the admin decided about the shop. */
const toShopOwner: Recipient = async (event, rows) => {
  const store = event.data as StoreData<'StoreApproved'> & Partial<StoreData<'StoreSuspended'>>;
  const owner = await userAt(rows, store.ownerId);
  if (!owner) return null;
  const data: TemplateData = { name: owner.name, storeName: store.name, reason: store.reason || null, storeUrl: `${siteUrl}/shopkeeper/store` };
  return { to: { email: owner.email, name: owner.name }, data, userId: store.ownerId, storeId: event.streamId.slice('store-'.length) };
};

/**
 * One mail an event sends: its template, its recipient and, for a notice its recipient may choose
 * not to get by e-mail (their settings' «Avvisi», notification_preferences), the notice's kind.
 */
export interface EmailTrigger {
  template: string;
  to: Recipient;
  kind?: NoticeKind;
}

/**
 * Which events send which mail: event type → template → recipient. Each row is queued once per
 * event (the queue is unique by event and template), however often the trigger reads the event.
 */
export const emailTriggers: Record<string, EmailTrigger[]> = {
  UserRegistered: [
    {
      template: 'benvenuto',
      to: async (event) => {
        const user = event.data as Registration;
        return { to: { email: user.email, name: user.name }, data: { name: user.name, username: user.username, siteUrl }, userId: user.userId };
      },
    },
  ],
  OrderPlaced: [
    { template: 'ordine-ricevuto-cliente', to: placedForCustomer, kind: 'orders' },
    { template: 'ordine-ricevuto-negozio', to: placedForShop, kind: 'orders' },
  ],
  OrderAccepted: [{ template: 'ordine-stato-cambiato', to: statusChanged('preparing'), kind: 'orders' }],
  OrderReady: [{ template: 'ordine-stato-cambiato', to: statusChanged('ready'), kind: 'orders' }],
  OrderShipped: [{ template: 'ordine-stato-cambiato', to: statusChanged('shipping'), kind: 'orders' }],
  OrderCompleted: [{ template: 'ordine-stato-cambiato', to: statusChanged('completed'), kind: 'orders' }],
  OrderCancelled: [{ template: 'ordine-stato-cambiato', to: statusChanged('cancelled'), kind: 'orders' }],
  ...contactEmailTriggers,
  ...packageEmailTriggers,
  ...withdrawalEmailTriggers,
  ...creditEmailTriggers,
  ...earningsEmailTriggers,
  ...collaboratorEmailTriggers,
  UserPasswordChanged: [{ template: 'password-cambiata', to: passwordChanged }],
  ReservationConfirmed: [{ template: 'prenotazione-confermata', to: reservationStep(), kind: 'reservations' }],
  ReservationReady: [{ template: 'prenotazione-pronta', to: reservationStep(), kind: 'reservations' }],
  ReservationCancelled: [{ template: 'prenotazione-scaduta', to: reservationStep((event) => (event.data as { expired: boolean }).expired), kind: 'reservations' }],
  StoreApproved: [{ template: 'negozio-approvato', to: toShopOwner, kind: 'store' }],
  StoreSuspended: [{ template: 'negozio-sospeso', to: toShopOwner, kind: 'store' }],
};

/** The kind of notice each template's mail is, for the templates of notices people choose (the sender skips a mail its recipient does not want). */
export const noticeKindOfTemplate: Readonly<Record<string, NoticeKind>> = Object.fromEntries(
  Object.values(emailTriggers).flatMap((triggers) => triggers.flatMap(({ template, kind }) => (kind ? [[template, kind] as const] : []))),
);

/** A mail about something older than this is no news: a new database or a replay sends none of it. */
const newsForMs = 24 * 60 * 60 * 1000;

/**
 * The process that turns events into queued mails. It runs as a projection so that the mails
 * and the checkpoint commit together (a crash neither loses nor doubles a mail), but it owns no
 * table: a rebuild reads the log again and the queue's uniqueness by event ignores what it queued.
 */
/** The triggers' projection: its checkpoint's news (`vicino_checkpoints`) tells the senders of new mails. */
export const emailTriggersName = 'email-triggers';

export function emailTriggersAt(clock: () => Date): Projection {
  return {
    name: emailTriggersName,
    title: 'E-mail da inviare per gli eventi',
    version: 1,
    tables: [],
    apply: reading(Object.keys(emailTriggers), async (events, tx) => {
      const now = clock();
      const rows = rowsByIdIn(tx);
      // Every mail of the batch addressed at once: the rows they read come in a query a table.
      const addressed = await Promise.all(
        events.flatMap((event) => {
          const at = new Date(event.metadata.at);
          if (now.getTime() - at.getTime() > newsForMs) return [];
          // Due when it happened, and never later than now: an event stamped ahead of this clock
          // (another process's, or a job run for a time to come) does not hold its mail back.
          const due = at < now ? at : now;
          return (emailTriggers[event.type] ?? []).map(async ({ template, to }): Promise<MailRequest | null> => {
            const mail = await to(event, rows);
            return mail && { ...mail, template, scheduledAt: due, sourceEventId: event.id };
          });
        }),
      );
      const mails = addressed.filter((mail): mail is MailRequest => mail !== null);
      // Read first, write last, all the batch's mails at once (queue.ts: a write holds the log's
      // readers back until the commit). The senders wake on this projection's checkpoint news,
      // after the commit.
      await enqueueEmails(tx, mails, { wake: false });
    }),
  };
}

/** The e-mail triggers on the real clock, as the app runs them. */
export const emailTriggersProjection = emailTriggersAt(() => new Date());
