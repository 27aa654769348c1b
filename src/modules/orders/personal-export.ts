import type { PersonalExport } from '../../platform/module.js';
import { deliveryTypeLabels, orderStatusLabels, paymentMethodNames, paymentStatusLabels, withdrawalStateLabels } from './labels.js';

/** The person's orders, with the details they gave, and the orders their shops received. (the person's export, GDPR artt. 15 and 20: issue [21].) */
export const ordersPersonalExport: PersonalExport = [
  {
    key: 'orders',
    title: 'Ordini',
    about: 'I tuoi ordini, con i dati di contatto e di consegna che hai dato e gli articoli di ciascuno.',
    tables: ['orders', 'order_items', 'order_timeline'],
    sql: `SELECT o.id, o.store_name AS "shop", o.status, o.payment_status AS "paymentStatus", o.payment_method AS "paymentMethod",
                 o.subtotal_cents AS "subtotalCents", o.shipping_cost_cents AS "shippingCostCents", o.total_cents AS "totalCents",
                 o.delivery_type AS "deliveryType", o.delivery_address AS "deliveryAddress", o.delivery_latitude AS "deliveryLatitude",
                 o.delivery_longitude AS "deliveryLongitude", o.pickup_time AS "pickupTime", o.customer_name AS "customerName",
                 o.customer_phone AS "customerPhone", o.customer_email AS "customerEmail", o.notes, o.cancel_reason AS "cancelReason",
                 o.withdrawal_state AS "withdrawalState", o.withdrawal_reason AS "withdrawalReason", o.withdrawn_at AS "withdrawnAt",
                 o.created_at AS "createdAt", o.updated_at AS "updatedAt",
                 (SELECT coalesce(json_agg(json_build_object('name', i.name, 'quantity', i.quantity, 'priceCents', i.price_cents) ORDER BY i.line), '[]')
                  FROM order_items i WHERE i.order_id = o.id) AS items,
                 (SELECT coalesce(json_agg(json_build_object('status', t.status, 'at', t.at, 'note', t.note) ORDER BY t.revision), '[]')
                  FROM order_timeline t WHERE t.order_id = o.id) AS timeline
          FROM orders o WHERE o.user_id = $1::uuid ORDER BY o.created_at`,
    columns: [
      ['createdAt', 'Data', 'time'],
      ['shop', 'Negozio'],
      ['items', 'Articoli'],
      ['totalCents', 'Totale', 'money'],
      ['status', 'Stato', orderStatusLabels],
      ['paymentMethod', 'Pagamento', paymentMethodNames],
      ['paymentStatus', 'Stato del pagamento', paymentStatusLabels],
      ['deliveryType', 'Consegna', deliveryTypeLabels],
      ['deliveryAddress', 'Indirizzo di consegna'],
      ['customerName', 'Nome'],
      ['customerPhone', 'Telefono'],
      ['customerEmail', 'E-mail'],
      ['notes', 'Note'],
      ['withdrawalState', 'Recesso', withdrawalStateLabels],
      ['withdrawnAt', 'Recesso esercitato il', 'time'],
      ['withdrawalReason', 'Motivo del recesso'],
    ],
  },
  {
    key: 'ordersReceived',
    title: 'Ordini ricevuti dai tuoi negozi',
    about: 'Gli ordini che i clienti hanno fatto ai tuoi negozi e il loro stato (i dati dei clienti sono loro, e restano fuori da qui).',
    tables: ['orders'],
    sql: `SELECT o.id, o.store_name AS "shop", o.status, o.payment_method AS "paymentMethod", o.total_cents AS "totalCents",
                 o.delivery_type AS "deliveryType", o.item_count AS "itemCount", o.created_at AS "createdAt",
                 (SELECT coalesce(json_agg(json_build_object('status', t.status, 'at', t.at) ORDER BY t.revision), '[]')
                  FROM order_timeline t WHERE t.order_id = o.id AND t.actor_user_id = $1::uuid) AS "yourMoves"
          FROM orders o WHERE o.store_owner_id = $1::uuid ORDER BY o.created_at`,
    columns: [
      ['createdAt', 'Data', 'time'],
      ['shop', 'Negozio'],
      ['itemCount', 'Articoli'],
      ['totalCents', 'Totale', 'money'],
      ['status', 'Stato', orderStatusLabels],
      ['deliveryType', 'Consegna', deliveryTypeLabels],
    ],
  },
];
