import type { Feature, HistoryTypesOf } from '../app/feature';
import { accessibilityFeature } from './accessibility/feature';
import { aiFeature } from './ai/feature';
import { accountFeature } from './account/feature';
import { analyticsFeature } from './analytics/feature';
import { assignmentsFeature } from './assignments/feature';
import { reportsFeature } from './reports/feature';
import { authFeature } from './auth/feature';
import { cartFeature } from './cart/feature';
import { checkoutFeature } from './checkout/feature';
import { collaborationRequestsFeature } from './collaboration-requests/feature';
import { collaborationSessionsFeature } from './collaboration-sessions/feature';
import { collaboratorsFeature } from './collaborators/feature';
import { contactFeature } from './contact/feature';
import { googlePlacesFeature } from './google-places/feature';
import { dataManagementFeature } from './data-management/feature';
import { emailFeature } from './email/feature';
import { creditsFeature } from './credits/feature';
import { earningsFeature } from './earnings/feature';
import { complaintsFeature } from './complaints/feature';
import { componentsDemoFeature } from './components-demo/feature';
import { dashboardFeature } from './dashboard/feature';
import { favoritesFeature } from './favorites/feature';
import { globalProductsFeature } from './global-products/feature';
import { homeFeature } from './home/feature';
import { infoFeature } from './info/feature';
import { notificationsFeature } from './notifications/feature';
import { ordersFeature } from './orders/feature';
import { paymentsFeature } from './payments/feature';
import { packagesFeature } from './packages/feature';
import { productsFeature } from './products/feature';
import { privacyFeature } from './privacy/feature';
import { reservationsFeature } from './reservations/feature';
import { reviewsFeature } from './reviews/feature';
import { searchFeature } from './search/feature';
import { siteSettingsFeature } from './site-settings/feature';
import { storesFeature } from './stores/feature';
import { tasksFeature } from './tasks/feature';
import { usersFeature } from './users/feature';

/*
 * Every feature, once: the router and the menus (app/router.tsx, app/menus.ts), the access rules
 * (app/access.ts), the back office with its resources, screens and messages (admin/AdminApp.tsx)
 * and the histories' aggregate types (admin/dataProvider.ts, admin/history) are built from this
 * list. A new feature declares itself in features/<feature>/feature.ts and joins here, in one line.
 */
export const features = [
  homeFeature,
  infoFeature,
  authFeature,
  searchFeature,
  storesFeature,
  productsFeature,
  privacyFeature,
  globalProductsFeature,
  cartFeature,
  checkoutFeature,
  ordersFeature,
  reservationsFeature,
  favoritesFeature,
  notificationsFeature,
  accountFeature,
  dashboardFeature,
  analyticsFeature,
  usersFeature,
  siteSettingsFeature,
  componentsDemoFeature,
  contactFeature,
  googlePlacesFeature,
  accessibilityFeature,
  paymentsFeature,
  packagesFeature,
  creditsFeature,
  earningsFeature,
  collaboratorsFeature,
  collaborationRequestsFeature,
  tasksFeature,
  assignmentsFeature,
  reportsFeature,
  collaborationSessionsFeature,
  complaintsFeature,
  reviewsFeature,
  dataManagementFeature,
  emailFeature,
  aiFeature,
] as const satisfies readonly Feature<string>[];

/** The aggregate types whose history the back office shows (GET /api/admin/history/:type/:id). */
export type AggregateType = HistoryTypesOf<(typeof features)[number]>;
