import { said } from '../../platform/domain/format.js';
import type { ModuleManifest } from '../../platform/module.js';
import { ordersPersonalExport } from './personal-export.js';
import { orderNotices } from './notices.js';
import { adminOrderRoutes } from './admin-routes.js';
import { orderHoldsJob } from './holds-process.js';
import { startOrderPayments } from './payments-process.js';
import { orderHoldsProjection } from './holds-projection.js';
import { orderDecider, orderStreamId } from './order.js';
import { ordersProjection } from './projection.js';
import { orderRoutes } from './routes.js';
import { orderUpcasters } from './upcasters.js';
import { ordersPersonalData } from './personal-data.js';
import { ensureEmailTemplates } from '../email/commands.js';
import { withdrawalTemplates } from './mails.js';

const codeLabel = (kind: unknown) => (kind === 'delivery' ? 'di consegna' : 'di ritiro');

/** Checkout into one order per shop, the order's way from placed to completed, the stock it holds. */
export const ordersModule: ModuleManifest = {
  name: 'orders',
  migrations: new URL('./migrations/', import.meta.url),
  routes: [adminOrderRoutes, orderRoutes],
  projections: [ordersProjection, orderHoldsProjection],
  events: {
    OrderPlaced: 'Ordine effettuato',
    OrderAccepted: 'Ordine accettato',
    OrderReady: 'Ordine pronto',
    OrderShipped: 'Ordine in consegna',
    OrderCompleted: 'Ordine completato',
    OrderCancelled: 'Ordine annullato',
    OrderPaid: 'Ordine pagato online',
    OrderPaymentFailed: 'Pagamento dell’ordine non riuscito',
    OrderRefunded: 'Ordine rimborsato',
    OrderDeliveryRequested: 'Consegna dell’ordine affidata a un collaboratore',
    OrderDeliveryAssigned: 'Consegna dell’ordine accettata da un collaboratore',
    OrderDeliveryUnassigned: 'Consegna dell’ordine ritirata al collaboratore',
    OrderCodeMistyped: 'Codice dell’ordine errato',
    OrderCodeReissued: 'Nuovo codice dell’ordine per il cliente',
    OrderWithdrawn: 'Recesso dall’ordine',
    OrderWithdrawalReturnReceived: 'Merce del recesso restituita al negozio',
    OrderWithdrawalRefunded: 'Recesso rimborsato',
  },
  personalData: ordersPersonalData,
  personalExport: ordersPersonalExport,
  upcasters: orderUpcasters,
  notices: orderNotices,
  summaries: {
    OrderPlaced: (d) => `Ordine di ${said.money(d.totalCents)} da ${said.text(d.customerName)} presso${said.quoted(d.storeName)}.`,
    OrderAccepted: (d) => `Ordine presso${said.quoted(d.storeName)} accettato.`,
    OrderReady: (d) => `Ordine presso${said.quoted(d.storeName)} pronto.`,
    OrderShipped: (d) => `Ordine presso${said.quoted(d.storeName)} in consegna.`,
    OrderCompleted: (d) => `Ordine presso${said.quoted(d.storeName)} completato.`,
    // The system cancels an order whose payment never came or was refused.
    OrderCancelled: (d) => `Ordine presso${said.quoted(d.storeName)} annullato ${d.by === 'system' ? 'automaticamente' : said.cancelledBy(d.by)}.`.replace(' .', '.'),
    OrderPaid: (d) => `Ordine presso${said.quoted(d.storeName)} pagato online: ${said.money(d.totalCents)}.`,
    OrderPaymentFailed: (d) => `Pagamento dell’ordine presso${said.quoted(d.storeName)} non riuscito.`,
    OrderRefunded: (d) => `Ordine presso${said.quoted(d.storeName)} rimborsato: ${said.money(d.totalCents)}.`,
    OrderDeliveryRequested: (d) =>
      `Consegna dell’ordine presso${said.quoted(d.storeName)} ${d.collaboratorName ? `affidata a ${said.text(d.collaboratorName)}` : 'offerta ai collaboratori della zona'}.`,
    OrderDeliveryAssigned: (d) => `Consegna dell’ordine presso${said.quoted(d.storeName)} accettata da ${said.text(d.collaboratorName)}.`,
    OrderDeliveryUnassigned: (d) => `Consegna dell’ordine presso${said.quoted(d.storeName)} non più affidata: ${said.text(d.reason)}.`,
    // Never the code itself: it is the customer's secret (export.ts masks it in the event's data).
    OrderCodeMistyped: (d) => `Codice ${codeLabel(d.kind)} errato per l’ordine presso${said.quoted(d.storeName)} (${Number(d.tries) || 0}° tentativo).`,
    OrderCodeReissued: (d) => `Codice ${codeLabel(d.kind)} bloccato dopo 5 tentativi errati: il cliente ne ha ricevuto uno nuovo.`,
    OrderWithdrawn: (d) => `Il cliente ha esercitato il recesso dall’ordine presso${said.quoted(d.storeName)}: da rimborsare ${said.money(d.amountCents)}.`,
    OrderWithdrawalReturnReceived: (d) => `Merce del recesso tornata al negozio${said.quoted(d.storeName)}: rimborso di ${said.money(d.amountCents)}.`,
    OrderWithdrawalRefunded: (d) =>
      `Recesso dall’ordine presso${said.quoted(d.storeName)} rimborsato: ${said.money(d.amountCents)}${d.paymentId ? ' sul pagamento online' : ' dal negozio'}.`,
  },
  audited: { order: { stream: orderStreamId, decider: () => orderDecider } },
  jobs: [orderHoldsJob],
  // Orders paid online: paid, cancelled when unpaid in time, refunded when cancelled after paying.
  processes: [startOrderPayments],
  // The mails of the right of withdrawal (mails.ts).
  prepare: (store) => ensureEmailTemplates(store, withdrawalTemplates),
};
