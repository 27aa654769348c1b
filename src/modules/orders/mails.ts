import { button, layout } from '../email/seed-templates.js';
import { siteUrl } from '../email/links.js';
import type { EmailTemplateFields } from '../email/templates.js';
import type { EmailTrigger } from '../email/triggers.js';
import { formatCents } from '../../platform/domain/money.js';
import type { OrderEvent } from './order.js';

/* The mails of the right of withdrawal (withdrawal.ts): to the shop when the customer withdraws, to the customer when the money is back. */

type Withdrawn = Extract<OrderEvent, { type: 'OrderWithdrawn' }>['data'];
type Refunded = Extract<OrderEvent, { type: 'OrderWithdrawalRefunded' }>['data'];

const orderNumber = (orderId: string) => orderId.slice(0, 8).toUpperCase();
/** Seeded at every start when missing (by name), as the e-mail module's own. */
export const withdrawalTemplates: EmailTemplateFields[] = [
  {
    name: 'recesso-ricevuto-negozio',
    templateType: 'transactional',
    isActive: true,
    subject: 'Recesso dall’ordine {{orderNumber}}',
    htmlContent: layout(
      'Recesso dall’ordine',
      `<p>Ciao {{name}},</p><p>il cliente ha esercitato il diritto di recesso dall’ordine <strong>{{orderNumber}}</strong> presso <strong>{{storeName}}</strong> e ti rispedirà la merce. Quando arriva, segnala «Merce restituita» nella pagina dell’ordine: il rimborso di <strong>{{amount}}</strong> partirà allora.</p>${button('{{orderUrl}}', 'Apri l’ordine')}`,
    ),
    textContent:
      'Ciao {{name}},\n\nil cliente ha esercitato il diritto di recesso dall’ordine {{orderNumber}} presso {{storeName}} e ti rispedirà la merce. Quando arriva, segnala «Merce restituita» nella pagina dell’ordine: il rimborso di {{amount}} partirà allora.\n\nApri l’ordine: {{orderUrl}}\n',
  },
  {
    name: 'recesso-rimborsato-cliente',
    templateType: 'transactional',
    isActive: true,
    subject: 'Rimborso del recesso dall’ordine {{orderNumber}}',
    htmlContent: layout(
      'Rimborso del recesso',
      `<p>Ciao {{name}},</p><p>{{storeName}} ha ricevuto la merce dell’ordine <strong>{{orderNumber}}</strong>: il rimborso di <strong>{{amount}}</strong> è stato emesso{{#online}} sul metodo con cui hai pagato{{/online}}.</p>${button('{{orderUrl}}', 'Vedi l’ordine')}`,
    ),
    textContent:
      'Ciao {{name}},\n\n{{storeName}} ha ricevuto la merce dell’ordine {{orderNumber}}: il rimborso di {{amount}} è stato emesso{{#online}} sul metodo con cui hai pagato{{/online}}.\n\nVedi l’ordine: {{orderUrl}}\n',
  },
];

/** The withdrawal's mails, in the e-mail triggers' table. */
export const withdrawalEmailTriggers: Record<string, EmailTrigger[]> = {
  OrderWithdrawn: [
    {
      template: 'recesso-ricevuto-negozio',
      kind: 'orders',
      to: async (event, rows) => {
        const w = event.data as Withdrawn;
        const owner = await rows<{ email: string; name: string }>('users', 'email, name', w.storeOwnerId);
        if (!owner) return null;
        const data = {
          name: owner.name,
          orderNumber: orderNumber(w.orderId),
          storeName: w.storeName,
          amount: formatCents(w.amountCents),
          orderUrl: `${siteUrl}/shopkeeper/orders/${w.orderId}`,
        };
        return { to: { email: owner.email, name: owner.name }, data, userId: w.storeOwnerId, storeId: w.storeId };
      },
    },
  ],
  OrderWithdrawalRefunded: [
    {
      template: 'recesso-rimborsato-cliente',
      kind: 'orders',
      to: async (event, rows) => {
        const r = event.data as Refunded;
        const order = await rows<{ customer_email: string; customer_name: string }>('orders', 'customer_email, customer_name', r.orderId);
        if (!order) return null;
        const data = {
          name: order.customer_name,
          orderNumber: orderNumber(r.orderId),
          storeName: r.storeName,
          amount: formatCents(r.amountCents),
          // A section of the template: shown when the refund went back on the online payment.
          online: r.paymentId ? 'sì' : null,
          orderUrl: `${siteUrl}/customer/orders/${r.orderId}`,
        };
        return { to: { email: order.customer_email, name: order.customer_name }, data, userId: r.userId, storeId: r.storeId };
      },
    },
  ],
};
