import { lazy, Suspense, type ReactNode } from 'react';
import { createBrowserRouter, Outlet } from 'react-router-dom';
import HomePage from '../pages/public/HomePage';
import { FullPageSpinner, Protected } from './guards';
import { PublicLayout } from './layouts/PublicLayout';
import { upcomingPages } from '../pages/coming-soon/upcoming';

/* Everything but the home page loads on demand, so the first load stays small. */
const DashboardFrame = lazy(() => import('./layouts/DashboardFrame'));
const InfoPage = lazy(() => import('../pages/info/InfoPage'));
const AuthPage = lazy(() => import('../pages/auth/AuthPage'));
const ComponentsDemoPage = lazy(() => import('../pages/public/ComponentsDemoPage'));
const NotFoundPage = lazy(() => import('../pages/public/NotFoundPage'));
const AdminDashboard = lazy(() => import('../pages/dashboard/AdminDashboard'));
/* react-admin and its screens: a chunk of their own, fetched only on /admin/*. */
const AdminApp = lazy(() => import('../admin/AdminApp'));
const ShopkeeperDashboard = lazy(() => import('../pages/dashboard/ShopkeeperDashboard'));
const CollaboratorDashboard = lazy(() => import('../pages/dashboard/CollaboratorDashboard'));
const CustomerDashboard = lazy(() => import('../pages/dashboard/CustomerDashboard'));
const StoreWizardPage = lazy(() => import('../pages/shopkeeper/StoreWizardPage'));
const StoreSettingsPage = lazy(() => import('../pages/shopkeeper/StoreSettingsPage'));
const ProductsPage = lazy(() => import('../pages/shopkeeper/ProductsPage'));
const ProductFormPage = lazy(() => import('../pages/shopkeeper/ProductFormPage'));
const ShopOrdersPage = lazy(() => import('../pages/shopkeeper/OrdersPage'));
const ShopOrderDetailPage = lazy(() => import('../pages/shopkeeper/OrderDetailPage'));
const ShopReservationsPage = lazy(() => import('../pages/reservations/ShopReservationsPage'));
const CustomerReservationsPage = lazy(() => import('../pages/reservations/CustomerReservationsPage'));
const SearchPage = lazy(() => import('../pages/customer/SearchPage'));
const StorePage = lazy(() => import('../pages/customer/StorePage'));
const ProductPage = lazy(() => import('../pages/customer/ProductPage'));
const FavoritesPage = lazy(() => import('../pages/customer/FavoritesPage'));
const CartPage = lazy(() => import('../pages/customer/CartPage'));
const CheckoutPage = lazy(() => import('../pages/customer/CheckoutPage'));
const OrderConfirmationPage = lazy(() => import('../pages/customer/OrderConfirmationPage'));
const CustomerOrdersPage = lazy(() => import('../pages/customer/OrdersPage'));
const CustomerOrderPage = lazy(() => import('../pages/customer/OrderPage'));
const NotificationsPage = lazy(() => import('../pages/customer/NotificationsPage'));
const ProfilePage = lazy(() => import('../pages/customer/ProfilePage'));
const AccountSettingsPage = lazy(() => import('../pages/account-settings/AccountSettingsPage'));
const ShopAnalyticsPage = lazy(() => import('../pages/shop-analytics/ShopAnalyticsPage'));
const ComingSoonPage = lazy(() => import('../pages/coming-soon/ComingSoonPage'));

const page = (node: ReactNode) => <Suspense fallback={<FullPageSpinner />}>{node}</Suspense>;

const publicFrame = (
  <PublicLayout>
    <Outlet />
  </PublicLayout>
);


export const router = createBrowserRouter([
  {
    element: publicFrame,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/info/:slug', element: page(<InfoPage />) },
      { path: '/auth', element: page(<AuthPage />) },
      { path: '/search', element: page(<SearchPage />) },
      { path: '/stores/:slug', element: page(<StorePage />) },
      { path: '/products/:id', element: page(<ProductPage />) },
    ],
  },
  { path: '/components-demo', element: page(<ComponentsDemoPage />) },
  // The back office has react-admin's own frame; the guard sends others to /auth or their dashboard.
  { path: '/admin/*', element: page(<Protected><AdminApp /></Protected>) },
  {
    element: page(<DashboardFrame />),
    children: [
      { path: '/dashboard/admin', element: <AdminDashboard /> },
      { path: '/dashboard/shopkeeper', element: <ShopkeeperDashboard /> },
      { path: '/dashboard/collaborator', element: <CollaboratorDashboard /> },
      { path: '/dashboard/customer', element: <CustomerDashboard /> },
      // Any other protected area path: logged-out users go to /auth, wrong roles to their dashboard.
      { path: '/shopkeeper/store', element: <StoreWizardPage /> },
      { path: '/shopkeeper/store/settings', element: <StoreSettingsPage /> },
      { path: '/shopkeeper/products', element: <ProductsPage /> },
      { path: '/shopkeeper/products/new', element: <ProductFormPage /> },
      { path: '/shopkeeper/products/:id/edit', element: <ProductFormPage /> },
      { path: '/shopkeeper/orders', element: <ShopOrdersPage /> },
      { path: '/shopkeeper/orders/:id', element: <ShopOrderDetailPage /> },
      { path: '/shopkeeper/reservations', element: <ShopReservationsPage /> },
      { path: '/shopkeeper/analytics', element: <ShopAnalyticsPage /> },
      { path: '/shopkeeper/settings', element: <AccountSettingsPage /> },
      { path: '/customer/settings', element: <AccountSettingsPage /> },
      ...Object.keys(upcomingPages).map((path) => ({ path, element: <ComingSoonPage /> })),
      { path: '/shopkeeper/*', element: page(<NotFoundPage />) },
      { path: '/collaborator/*', element: page(<NotFoundPage />) },
      { path: '/customer/favorites', element: <FavoritesPage /> },
      { path: '/customer/reservations', element: <CustomerReservationsPage /> },
      { path: '/customer/cart', element: <CartPage /> },
      { path: '/customer/checkout', element: <CheckoutPage /> },
      { path: '/customer/checkout/confirmation', element: <OrderConfirmationPage /> },
      { path: '/customer/orders', element: <CustomerOrdersPage /> },
      { path: '/customer/orders/:id', element: <CustomerOrderPage /> },
      { path: '/customer/notifications', element: <NotificationsPage /> },
      { path: '/customer/profile', element: <ProfilePage /> },
      { path: '/customer/*', element: page(<NotFoundPage />) },
      // The customer's notifications live in their area; every other role reads theirs here.
      { path: '/notifications', element: <NotificationsPage /> },
    ],
  },
  { path: '*', element: page(<NotFoundPage />) },
]);
