import type pg from 'pg';
import { formatCents } from '../../platform/domain/money.js';
import type { RecordedEvent } from '../../platform/eventstore/types.js';
import { reading, type Projection } from '../../platform/projections/projection.js';
import { type OrderPlacedData, type OrderRef, type OrderStatus } from '../orders/order.js';
import { orderStatusLabels } from '../orders/labels.js';
import type { UserEvent } from '../users/decider.js';
import { contactEmailTriggers } from '../contact/mails.js';
import { enqueueEmail, type MailRequest } from './queue.js';
import type { TemplateData } from './render.js';

/** Where the links in the mails point: the site as its visitors reach it. */
export const siteUrl = (process.env.PUBLIC_URL || 'http://localhost:3000').replace(/\/+$/, '');

type Registration = Extract<UserEvent, { type: 'UserRegistered' }>['data'];

/** What a mail needs to be addressed: the recipient, the template's data, and what it is about. */
type Addressed = Omit<MailRequest, 'template' | 'scheduledAt' | 'sourceEventId'>;
/** Reads the recipient of an event's mail; null when there is none to write to. */
export type Recipient = (event: RecordedEvent, tx: pg.ClientBase) => Promise<Addressed | null>;

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

const placedForShop: Recipient = async (event, tx) => {
  const o = event.data as OrderPlacedData;
  const { rows } = await tx.query<{ email: string; name: string }>('SELECT email, name FROM users WHERE id = $1', [o.storeOwnerId]);
  const owner = rows[0];
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
  async (event, tx) => {
    const ref = event.data as OrderRef;
    const { rows } = await tx.query<{ customer_email: string; customer_name: string; delivery_type: string; pickup_code: string | null; delivery_address: string | null }>(
      'SELECT customer_email, customer_name, delivery_type, pickup_code, delivery_address FROM orders WHERE id = $1',
      [ref.orderId],
    );
    const order = rows[0];
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

/**
 * Which events send which mail: event type → template → recipient. Each row is queued once per
 * event (the queue is unique by event and template), however often the trigger reads the event.
 */
export const emailTriggers: Record<string, { template: string; to: Recipient }[]> = {
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
    { template: 'ordine-ricevuto-cliente', to: placedForCustomer },
    { template: 'ordine-ricevuto-negozio', to: placedForShop },
  ],
  OrderAccepted: [{ template: 'ordine-stato-cambiato', to: statusChanged('preparing') }],
  OrderReady: [{ template: 'ordine-stato-cambiato', to: statusChanged('ready') }],
  OrderShipped: [{ template: 'ordine-stato-cambiato', to: statusChanged('shipping') }],
  OrderCompleted: [{ template: 'ordine-stato-cambiato', to: statusChanged('completed') }],
  OrderCancelled: [{ template: 'ordine-stato-cambiato', to: statusChanged('cancelled') }],
  ...contactEmailTriggers,
};

/** A mail about something older than this is no news: a new database or a replay sends none of it. */
const newsForMs = 24 * 60 * 60 * 1000;

/**
 * The process that turns events into queued mails. It runs as a projection so that the mails
 * and the checkpoint commit together (a crash neither loses nor doubles a mail), but it owns no
 * table: a rebuild reads the log again and the queue's uniqueness by event ignores what it queued.
 */
export function emailTriggersAt(clock: () => Date): Projection {
  return {
    name: 'email-triggers',
    version: 1,
    tables: [],
    apply: reading(Object.keys(emailTriggers), async (events, tx) => {
      const now = clock();
      for (const event of events) {
        const at = new Date(event.metadata.at);
        if (now.getTime() - at.getTime() > newsForMs) continue;
        for (const trigger of emailTriggers[event.type] ?? []) {
          const addressed = await trigger.to(event, tx);
          if (addressed) await enqueueEmail(tx, { ...addressed, template: trigger.template, scheduledAt: at, sourceEventId: event.id });
        }
      }
    }),
  };
}

/** The e-mail triggers on the real clock, as the app runs them. */
export const emailTriggersProjection = emailTriggersAt(() => new Date());
