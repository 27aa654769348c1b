import { analyticsOrdersProjection } from './analytics-orders.js';
import { analyticsStoresProjection } from './analytics-stores.js';
import { analyticsUsersProjection } from './analytics-users.js';
import { cartProjection } from './cart.js';
import { categoriesProjection } from './categories.js';
import { favoritesProjection } from './favorites.js';
import { globalProductsProjection } from './global-products.js';
import { googleMapsSettingsProjection } from './google-maps-settings.js';
import { notificationsProjection } from './notifications.js';
import { openAiSettingsProjection } from './openai-settings.js';
import { orderHoldsProjection } from './order-holds.js';
import { ordersProjection } from './orders.js';
import { productsProjection } from './products.js';
import type { Projection } from './projection.js';
import { reservationsProjection } from './reservations.js';
import { siteSettingsProjection } from './site-settings.js';
import { storesProjection } from './stores.js';
import { usersProjection } from './users.js';
import { pushSubscriptionsProjection, webPushSettingsProjection } from './web-push.js';

/** Every read model of the product; the host runs them and `npm run replay` rebuilds them. */
export const allProjections: Projection[] = [
  usersProjection,
  siteSettingsProjection,
  googleMapsSettingsProjection,
  openAiSettingsProjection,
  storesProjection,
  categoriesProjection,
  productsProjection,
  globalProductsProjection,
  favoritesProjection,
  notificationsProjection,
  cartProjection,
  ordersProjection,
  orderHoldsProjection,
  reservationsProjection,
  analyticsOrdersProjection,
  analyticsUsersProjection,
  analyticsStoresProjection,
  webPushSettingsProjection,
  pushSubscriptionsProjection,
];
