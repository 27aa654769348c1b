import Inventory2Icon from '@mui/icons-material/Inventory2';
import PercentIcon from '@mui/icons-material/Percent';
import { lazy } from 'react';
import type { Feature } from '../../app/feature';

const ProductFormPage = lazy(() => import('./shop/ProductFormPage'));

export const productsFeature: Feature<'product'> = {
  name: 'products',
  public: [{ path: '/products/:id', page: lazy(() => import('./customer/ProductPage')) }],
  area: [
    { path: '/shopkeeper/products', page: lazy(() => import('./shop/ProductsPage')), menu: { shopkeeper: { place: 50, label: 'Prodotti', icon: Inventory2Icon } } },
    { path: '/shopkeeper/products/new', page: ProductFormPage },
    { path: '/shopkeeper/products/:id/edit', page: ProductFormPage },
  ],
  backOffice: [
    { place: 40, to: '/admin/products', label: 'Prodotti', icon: Inventory2Icon },
    { place: 41, to: '/admin/product-sales', label: 'Offerte senza ribasso', icon: PercentIcon },
  ],
  history: { product: 'products' },
};
