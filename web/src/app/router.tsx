import { lazy, Suspense, type ReactNode } from 'react';
import { createBrowserRouter, Outlet } from 'react-router-dom';
import HomePage from '../features/home/HomePage';
import { FullPageSpinner, Protected } from './guards';
import { PublicLayout } from './layouts/PublicLayout';
import { upcomingPages } from '../features/coming-soon/upcoming';

/* Everything but the home page loads on demand, so the first load stays small. */
const DashboardFrame = lazy(() => import('./layouts/DashboardFrame'));
const InfoPage = lazy(() => import('../features/info/InfoPage'));
const AuthPage = lazy(() => import('../features/auth/AuthPage'));
const ComponentsDemoPage = lazy(() => import('../features/components-demo/ComponentsDemoPage'));
const NotFoundPage = lazy(() => import('./NotFoundPage'));
const AdminDashboard = lazy(() => import('../features/dashboard/admin/AdminDashboard'));
/* react-admin and its screens: a chunk of their own, fetched only on /admin/*. */
const AdminApp = lazy(() => import('../admin/AdminApp'));
const ShopkeeperDashboard = lazy(() => import('../features/dashboard/shopkeeper/ShopkeeperDashboard'));
const CollaboratorDashboard = lazy(() => import('../features/dashboard/collaborator/CollaboratorDashboard'));
const CustomerDashboard = lazy(() => import('../features/dashboard/customer/CustomerDashboard'));
const StoreWizardPage = lazy(() => import('../features/stores/shop/StoreWizardPage'));
const StoreSettingsPage = lazy(() => import('../features/stores/shop/StoreSettingsPage'));
const ProductsPage = lazy(() => import('../features/products/shop/ProductsPage'));
const ProductFormPage = lazy(() => import('../features/products/shop/ProductFormPage'));
const ShopOrdersPage = lazy(() => import('../features/orders/shop/OrdersPage'));
const ShopOrderDetailPage = lazy(() => import('../features/orders/shop/OrderDetailPage'));
const ShopReservationsPage = lazy(() => import('../features/reservations/shop/ShopReservationsPage'));
const CustomerReservationsPage = lazy(() => import('../features/reservations/customer/CustomerReservationsPage'));
const SearchPage = lazy(() => import('../features/search/SearchPage'));
const StorePage = lazy(() => import('../features/stores/customer/StorePage'));
const ProductPage = lazy(() => import('../features/products/customer/ProductPage'));
const FavoritesPage = lazy(() => import('../features/favorites/FavoritesPage'));
const CartPage = lazy(() => import('../features/cart/CartPage'));
const CheckoutPage = lazy(() => import('../features/checkout/CheckoutPage'));
const OrderConfirmationPage = lazy(() => import('../features/checkout/OrderConfirmationPage'));
const CustomerOrdersPage = lazy(() => import('../features/orders/customer/OrdersPage'));
const CustomerOrderPage = lazy(() => import('../features/orders/customer/OrderPage'));
const NotificationsPage = lazy(() => import('../features/notifications/NotificationsPage'));
const ProfilePage = lazy(() => import('../features/account/ProfilePage'));
const AccountSettingsPage = lazy(() => import('../features/account/AccountSettingsPage'));
const ShopAnalyticsPage = lazy(() => import('../features/analytics/shop/ShopAnalyticsPage'));
const ComingSoonPage = lazy(() => import('../features/coming-soon/ComingSoonPage'));

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
