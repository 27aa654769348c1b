import { formatCents } from '../../platform/domain/money.js';
import { withReason } from '../../platform/domain/format.js';
import { notice, type Notice, type NoticesOf } from '../../platform/module.js';
import { orderDeliveryType } from '../notifications/projection.js';
import type { OrderEvent, OrderRef } from './order.js';

/** How people read an order's id: "ordine A1B2C3D4". */
const orderName = (orderId: string): string => `ordine ${orderId.slice(0, 8).toUpperCase()}`;
const customerLink = (ref: OrderRef): string => `/customer/orders/${ref.orderId}`;
const shopLink = (ref: OrderRef): string => `/shopkeeper/orders/${ref.orderId}`;
/** "12 marzo, 18:30" of an instant, as Italy reads it (a delivery's deadline). */
const instantMinute = new Intl.DateTimeFormat('it-IT', { day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Rome' });

function cancelled(c: Extract<OrderEvent, { type: 'OrderCancelled' }>['data']): Notice[] {
  const order = orderName(c.orderId);
  // Paid online: the refund follows through the provider (OrderRefunded says when it is done).
  const refund = c.paymentStatus === 'paid' || c.paymentStatus === 'refunded' ? ' L’importo pagato ti sarà rimborsato sul metodo con cui hai pagato.' : '';
  const toCustomer =
    c.by === 'customer'
      ? `Hai annullato l’${order} presso «${c.storeName}».`
      : c.by === 'store'
        ? withReason(`«${c.storeName}» ha annullato il tuo ${order}.`, c.reason)
        : c.by === 'system'
          ? withReason(`Il tuo ${order} presso «${c.storeName}» è stato annullato.`, c.reason)
          : withReason(`Il tuo ${order} presso «${c.storeName}» è stato annullato dall’amministrazione.`, c.reason);
  const notices = [notice(c.userId, 'Ordine annullato', toCustomer + refund, customerLink(c))];
  if (c.by === 'system') {
    notices.push(
      notice(c.storeOwnerId, 'Ordine annullato', withReason(`L’${order} presso «${c.storeName}» si è annullato da solo; i prodotti tornano disponibili.`, c.reason), shopLink(c)),
    );
  } else if (c.by !== 'store') {
    const who = c.by === 'customer' ? 'Il cliente' : 'L’amministrazione';
    notices.push(
      notice(
        c.storeOwnerId,
        c.by === 'customer' ? 'Ordine annullato dal cliente' : 'Ordine annullato',
        withReason(`${who} ha annullato l’${order} presso «${c.storeName}»; i prodotti tornano disponibili.`, c.reason),
        shopLink(c),
      ),
    );
  }
  return notices;
}

/** An order's steps, told to its customer and to its shop. */
export const orderNotices: NoticesOf<OrderEvent> = {
  OrderPlaced: {
    kind: 'orders',
    tell: ({ data: o }) => [
      notice(
        o.userId,
        'Ordine inviato',
        `Il tuo ${orderName(o.orderId)} presso «${o.storeName}» (${formatCents(o.totalCents)}) è stato inviato: il negozio lo confermerà a breve.`,
        customerLink(o),
      ),
      notice(
        o.storeOwnerId,
        'Nuovo ordine',
        `${o.customerName} ha ordinato presso «${o.storeName}» (${orderName(o.orderId)}): ${formatCents(o.totalCents)}, ${o.deliveryType === 'pickup' ? 'ritiro in negozio' : 'spedizione'}.`,
        shopLink(o),
      ),
    ],
  },
  OrderAccepted: {
    kind: 'orders',
    tell: ({ data: o }) => [
      notice(o.userId, 'Ordine accettato', `Il tuo ${orderName(o.orderId)} presso «${o.storeName}» è stato accettato ed è in preparazione.`, customerLink(o)),
    ],
  },
  OrderReady: {
    kind: 'orders',
    tell: async ({ data: o }, tx) => [
      notice(
        o.userId,
        'Ordine pronto',
        (await orderDeliveryType(tx, o.orderId)) === 'shipping'
          ? `Il tuo ${orderName(o.orderId)} presso «${o.storeName}» è pronto e sta per partire.`
          : `Il tuo ${orderName(o.orderId)} presso «${o.storeName}» è pronto per il ritiro. Il codice da mostrare in negozio è nella pagina dell’ordine.`,
        customerLink(o),
      ),
    ],
  },
  OrderShipped: {
    kind: 'orders',
    tell: ({ data: o }) => [notice(o.userId, 'Ordine in consegna', `Il tuo ${orderName(o.orderId)} presso «${o.storeName}» è stato spedito ed è in consegna.`, customerLink(o))],
  },
  OrderCompleted: {
    kind: 'orders',
    tell: ({ data: o }) => [
      notice(
        o.userId,
        'Ordine completato',
        `Il tuo ${orderName(o.orderId)} presso «${o.storeName}» è completato. Grazie per aver scelto un negozio del quartiere!`,
        customerLink(o),
      ),
    ],
  },
  OrderCancelled: { kind: 'orders', tell: ({ data }) => cancelled(data) },
  // A collaborator accepted the delivery (issue [13]): the customer learns who brings it and by when, the shop who took it.
  OrderDeliveryAssigned: {
    kind: 'orders',
    tell: ({ data: o }) => [
      notice(
        o.userId,
        'Consegna affidata',
        `Il tuo ${orderName(o.orderId)} presso «${o.storeName}» te lo porta ${o.collaboratorName}, entro il ${instantMinute.format(new Date(o.deadline))}. Tieni pronto il codice di consegna.`,
        customerLink(o),
      ),
      notice(o.storeOwnerId, 'Consegna accettata', `${o.collaboratorName} ha accettato la consegna dell’${orderName(o.orderId)}.`, shopLink(o)),
    ],
  },
  // The customer's code burnt after five wrong tries (issue [16]): they are told, the new code is on the order's page (never in a notice).
  OrderCodeReissued: {
    kind: 'orders',
    tell: ({ data: o }) => {
      const what = o.kind === 'pickup' ? 'di ritiro' : 'di consegna';
      return [
        notice(
          o.userId,
          `Nuovo codice ${what}`,
          `Per il tuo ${orderName(o.orderId)} presso «${o.storeName}» è stato inserito 5 volte un codice ${what} sbagliato: per sicurezza l’abbiamo cambiato. Trovi il nuovo codice nella pagina dell’ordine; quello vecchio non vale più.`,
          customerLink(o),
        ),
      ];
    },
  },
  // The right of withdrawal (withdrawal.ts): the shop learns it must expect the goods back, the customer that the money is back.
  OrderWithdrawn: {
    kind: 'orders',
    tell: ({ data: o }) => [
      notice(
        o.storeOwnerId,
        'Recesso dall’ordine',
        withReason(
          `Il cliente ha esercitato il diritto di recesso dall’${orderName(o.orderId)} presso «${o.storeName}»: ti rispedirà la merce. Quando arriva, segnala «Merce restituita» e il rimborso di ${formatCents(o.amountCents)} partirà.`,
          o.reason,
        ),
        shopLink(o),
      ),
      notice(
        o.userId,
        'Recesso inviato',
        `Hai esercitato il recesso dal tuo ${orderName(o.orderId)} presso «${o.storeName}». Rispedisci la merce al negozio: quando la riceve ti rimborseremo ${formatCents(o.amountCents)}.`,
        customerLink(o),
      ),
    ],
  },
  OrderWithdrawalRefunded: {
    kind: 'orders',
    tell: ({ data: o }) => [
      notice(
        o.userId,
        'Rimborso del recesso',
        o.paymentId
          ? `Il negozio «${o.storeName}» ha ricevuto la merce: ti abbiamo rimborsato ${formatCents(o.amountCents)} sul metodo con cui hai pagato il tuo ${orderName(o.orderId)}.`
          : `Il negozio «${o.storeName}» ha ricevuto la merce e ti ha rimborsato ${formatCents(o.amountCents)} per il tuo ${orderName(o.orderId)}.`,
        customerLink(o),
      ),
    ],
  },
  OrderPaid: {
    kind: 'orders',
    tell: ({ data: o }) => [
      notice(
        o.storeOwnerId,
        'Ordine pagato',
        `L’${orderName(o.orderId)} presso «${o.storeName}» è stato pagato online (${formatCents(o.totalCents)}): ora puoi accettarlo.`,
        shopLink(o),
      ),
    ],
  },
  OrderRefunded: {
    kind: 'orders',
    tell: ({ data: o }) => [
      notice(o.userId, 'Rimborso effettuato', `Ti abbiamo rimborsato ${formatCents(o.totalCents)} per il tuo ${orderName(o.orderId)} presso «${o.storeName}».`, customerLink(o)),
    ],
  },
};
