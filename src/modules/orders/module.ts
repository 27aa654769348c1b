import { said } from '../../platform/domain/format.js';
import type { ModuleManifest } from '../../platform/module.js';
import { adminOrderRoutes } from './admin-routes.js';
import { orderHoldsJob } from './holds-process.js';
import { orderHoldsProjection } from './holds-projection.js';
import { orderDecider, orderStreamId } from './order.js';
import { ordersProjection } from './projection.js';
import { orderRoutes } from './routes.js';
import { orderUpcasters } from './upcasters.js';

/** Checkout into one order per shop, the order's way from placed to completed, the stock it holds. */
export const ordersModule: ModuleManifest = {
  name: 'orders',
  routes: [adminOrderRoutes, orderRoutes],
  projections: [ordersProjection, orderHoldsProjection],
  events: {
    OrderPlaced: 'Ordine effettuato',
    OrderAccepted: 'Ordine accettato',
    OrderReady: 'Ordine pronto',
    OrderShipped: 'Ordine in consegna',
    OrderCompleted: 'Ordine completato',
    OrderCancelled: 'Ordine annullato',
  },
  upcasters: orderUpcasters,
  summaries: {
    OrderPlaced: (d) => `Ordine di ${said.money(d.totalCents)} da ${said.text(d.customerName)} presso${said.quoted(d.storeName)}.`,
    OrderAccepted: (d) => `Ordine presso${said.quoted(d.storeName)} accettato.`,
    OrderReady: (d) => `Ordine presso${said.quoted(d.storeName)} pronto.`,
    OrderShipped: (d) => `Ordine presso${said.quoted(d.storeName)} in consegna.`,
    OrderCompleted: (d) => `Ordine presso${said.quoted(d.storeName)} completato.`,
    OrderCancelled: (d) => `Ordine presso${said.quoted(d.storeName)} annullato ${said.cancelledBy(d.by)}.`.replace(' .', '.'),
  },
  audited: { order: { stream: orderStreamId, decider: () => orderDecider } },
  jobs: [orderHoldsJob],
};
