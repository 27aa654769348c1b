import type { ModuleManifest } from '../../platform/module.js';
import { cartPersonalExport } from './personal-export.js';
import { cartDecider, cartStreamId } from './cart.js';
import { cartProjection } from './projection.js';
import { cartRoutes } from './routes.js';

/** Each customer's cart, kept across devices until checkout turns it into orders. */
export const cartModule: ModuleManifest = {
  name: 'cart',
  routes: [cartRoutes],
  projections: [cartProjection],
  personalExport: cartPersonalExport,
  events: {
    CartItemAdded: 'Articolo aggiunto al carrello',
    CartItemQuantityChanged: 'Quantità nel carrello cambiata',
    CartItemRemoved: 'Articolo tolto dal carrello',
    CartCleared: 'Carrello svuotato',
    CartCheckedOut: 'Carrello trasformato in ordini',
  },
  audited: { cart: { stream: cartStreamId, decider: (id) => cartDecider(id) } },
};
