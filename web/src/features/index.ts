import type { FeatureRoutes } from '../app/feature';
import { accountRoutes } from './account/routes';
import { analyticsRoutes } from './analytics/routes';
import { assignmentsRoutes } from './assignments/routes';
import { reportsRoutes } from './reports/routes';
import { authRoutes } from './auth/routes';
import { cartRoutes } from './cart/routes';
import { checkoutRoutes } from './checkout/routes';
import { collaborationRequestsRoutes } from './collaboration-requests/routes';
import { collaborationSessionsRoutes } from './collaboration-sessions/routes';
import { collaboratorsRoutes } from './collaborators/routes';
import { contactRoutes } from './contact/routes';
import { creditsRoutes } from './credits/routes';
import { complaintsRoutes } from './complaints/routes';
import { componentsDemoRoutes } from './components-demo/routes';
import { dashboardRoutes } from './dashboard/routes';
import { favoritesRoutes } from './favorites/routes';
import { homeRoutes } from './home/routes';
import { infoRoutes } from './info/routes';
import { notificationsRoutes } from './notifications/routes';
import { ordersRoutes } from './orders/routes';
import { paymentsRoutes } from './payments/routes';
import { packagesRoutes } from './packages/routes';
import { productsRoutes } from './products/routes';
import { reservationsRoutes } from './reservations/routes';
import { reviewsRoutes } from './reviews/routes';
import { searchRoutes } from './search/routes';
import { siteSettingsRoutes } from './site-settings/routes';
import { storesRoutes } from './stores/routes';
import { tasksRoutes } from './tasks/routes';
import { usersRoutes } from './users/routes';

/*
 * Every feature with pages or menu entries: app/router.tsx and app/menus.ts are built from this
 * list. The back office's screens (features/<feature>/admin) are listed by admin/AdminApp.tsx.
 */
export const features: FeatureRoutes[] = [
  homeRoutes,
  infoRoutes,
  authRoutes,
  searchRoutes,
  storesRoutes,
  productsRoutes,
  cartRoutes,
  checkoutRoutes,
  ordersRoutes,
  reservationsRoutes,
  favoritesRoutes,
  notificationsRoutes,
  accountRoutes,
  dashboardRoutes,
  analyticsRoutes,
  usersRoutes,
  siteSettingsRoutes,
  componentsDemoRoutes,
  contactRoutes,
  paymentsRoutes,
  packagesRoutes,
  creditsRoutes,
  collaboratorsRoutes,
  collaborationRequestsRoutes,
  tasksRoutes,
  assignmentsRoutes,
  reportsRoutes,
  collaborationSessionsRoutes,
  complaintsRoutes,
  reviewsRoutes,
];
