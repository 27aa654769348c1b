import { lazy } from 'react';
import type { FeatureRoutes } from '../../app/feature';

const ProductFormPage = lazy(() => import('./shop/ProductFormPage'));

export const productsRoutes: FeatureRoutes = {
  public: [{ path: '/products/:id', page: lazy(() => import('./customer/ProductPage')) }],
  area: [
    { path: '/shopkeeper/products', page: lazy(() => import('./shop/ProductsPage')), menu: { shopkeeper: { place: 50, label: 'Prodotti', icon: 'products' } } },
    { path: '/shopkeeper/products/new', page: ProductFormPage },
    { path: '/shopkeeper/products/:id/edit', page: ProductFormPage },
  ],
  backOffice: [{ place: 40, to: '/admin/products', label: 'Prodotti', icon: 'products' }],
};
