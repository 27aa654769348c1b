import { analyticsOrdersProjection } from './analytics/orders-projection.js';
import { analyticsStoresProjection } from './analytics/stores-projection.js';
import { analyticsUsersProjection } from './analytics/users-projection.js';
import { cartProjection } from './cart/projection.js';
import { categoriesProjection } from './catalog/categories-projection.js';
import { favoritesProjection } from './favorites/projection.js';
import { globalProductsProjection } from './catalog/global-products-projection.js';
import { googleMapsSettingsProjection } from './settings/google-maps-settings-projection.js';
import { notificationsProjection } from './notifications/projection.js';
import { openAiSettingsProjection } from './settings/openai-settings-projection.js';
import { orderHoldsProjection } from './orders/holds-projection.js';
import { ordersProjection } from './orders/projection.js';
import { productsProjection } from './catalog/products-projection.js';
import type { Projection } from '../platform/projections/projection.js';
import { reservationsProjection } from './reservations/projection.js';
import { siteSettingsProjection } from './settings/site-settings-projection.js';
import { storesProjection } from './stores/projection.js';
import { usersProjection } from './users/projection.js';
import { pushSubscriptionsProjection, webPushSettingsProjection } from './notifications/web-push-projection.js';

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
