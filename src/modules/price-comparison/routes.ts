import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DomainError } from '../../platform/domain/errors.js';
import { requireUser } from '../../platform/http/plugins/session.js';
import { googleMapsSettingsReader } from '../settings/google-maps-settings-projection.js';
import { requireCustomerComparison, requirePlanWithComparison } from './access.js';
import { priceComparisonApi, type PriceComparison } from './contract.js';
import { comparisonOf } from './queries.js';

const notFound = 'Prodotto non trovato.';

/** Issue [11]: a product's price among the same product's in the shops around its shop. */
export const priceComparisonRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, store, projections } = app.deps;
  const mapSettings = googleMapsSettingsReader(db, projections);

  app.route({
    ...priceComparisonApi.product,
    handler: async (request): Promise<PriceComparison> => {
      const user = requireUser(request);
      const now = new Date();
      // Unsaid, the radius is the search's (the admin's map settings: 10 km until changed).
      const radius = request.query.radius ?? (await mapSettings.read()).defaultSearchRadius;
      const row = await comparisonOf(db, request.params.id, radius, user.id);
      if (!row) throw new DomainError(notFound, 'not-found');
      if (user.role === 'shopkeeper') {
        // Another shop's product is not there for this shopkeeper, as everywhere in the catalogue.
        if (row.owner_id !== user.id) throw new DomainError(notFound, 'not-found');
        await requirePlanWithComparison({ store, db }, user.id, now);
      } else if (user.role === 'customer') {
        if (!row.on_sale) throw new DomainError(notFound, 'not-found');
        requireCustomerComparison(row.viewer_enabled, row.viewer_expires_at, now);
      } else if (user.role !== 'admin') {
        throw new DomainError('Il confronto prezzi è per i negozianti, sui prodotti del proprio negozio, e per i clienti che lo hanno attivo.', 'forbidden');
      }
      if (row.global_product_id === null) {
        throw new DomainError('Questo prodotto non è collegato al catalogo condiviso (serve il codice a barre): non c’è un confronto con gli altri negozi.', 'rule');
      }
      return {
        productId: row.id,
        globalProductId: row.global_product_id,
        radiusKm: radius,
        shops: row.shops,
        lowest: row.lowest,
        median: row.median,
        highest: row.highest,
        price: row.price_cents,
        rank: row.cheaper + 1,
        tiedWith: row.tied,
        cheapest: row.cheapest.map((s) => ({
          productId: s.product_id,
          storeName: s.store_name,
          storeSlug: s.store_slug,
          price: s.price_cents,
          distanceKm: Math.round(s.distance_km * 100) / 100,
          isThisShop: s.this_shop,
        })),
      };
    },
  });
};
