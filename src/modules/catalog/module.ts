import { plural, said } from '../../platform/domain/format.js';
import type { ModuleManifest } from '../../platform/module.js';
import { catalogPersonalExport } from './personal-export.js';
import { adminCatalogueRoutes } from './admin-routes.js';
import { categoryDecider, categoryStreamId } from './categories.js';
import { categoriesProjection } from './categories-projection.js';
import { ensureCategories } from './category-commands.js';
import { globalProductDecider, globalProductStreamId } from './global-products.js';
import { globalProductsProjection } from './global-products-projection.js';
import { productDecider, productStreamId } from './products.js';
import { productsProjection } from './products-projection.js';
import { productRoutes } from './routes.js';
import { productUpdated } from './summaries.js';
import { catalogUpcasters } from './upcasters.js';
import { catalogPersonalData } from './personal-data.js';

/** Products and stock, the shared catalogue reused by barcode, the retail categories. */
export const catalogModule: ModuleManifest = {
  name: 'catalog',
  migrations: new URL('./migrations/', import.meta.url),
  routes: [adminCatalogueRoutes, productRoutes],
  projections: [categoriesProjection, productsProjection, globalProductsProjection],
  events: {
    ProductCreated: 'Prodotto creato',
    ProductUpdated: 'Prodotto modificato',
    ProductStockAdjusted: 'Magazzino rettificato',
    ProductDeleted: 'Prodotto eliminato',
    ProductStockHeld: 'Pezzi riservati',
    ProductStockReleased: 'Pezzi restituiti al magazzino',
    GlobalProductCreated: 'Prodotto aggiunto al catalogo condiviso',
    GlobalProductUsed: 'Prodotto condiviso adottato da un negozio',
    GlobalProductUseEnded: 'Prodotto condiviso non più usato da un negozio',
    GlobalProductCurated: 'Prodotto condiviso curato dall’amministrazione',
    GlobalProductDeleted: 'Prodotto tolto dal catalogo condiviso',
    CategoryCreated: 'Categoria creata',
  },
  personalData: catalogPersonalData,
  personalExport: catalogPersonalExport,
  upcasters: catalogUpcasters,
  summaries: {
    ProductCreated: (d) => {
      const fields = (d.fields ?? {}) as Record<string, unknown>;
      return `Nuovo prodotto${said.quoted(fields.name)} a ${said.money(fields.priceCents)}.`;
    },
    ProductUpdated: productUpdated,
    ProductStockAdjusted: (d) => `Magazzino ${Number(d.delta) > 0 ? '+' : ''}${plural(Number(d.delta), 'pezzo', 'pezzi')}, ora ${String(d.stockAfter)}.`,
  },
  audited: {
    product: { stream: productStreamId, decider: () => productDecider },
    'global-product': { stream: globalProductStreamId, decider: () => globalProductDecider },
    category: { stream: categoryStreamId, decider: () => categoryDecider },
  },
  prepare: ensureCategories,
};
