import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { googleMapsSettingsReader } from '../settings/google-maps-settings-projection.js';
import { boundingBox, cellsAround } from '../../platform/http/geo.js';
import { ReadCache } from '../../platform/http/read-cache.js';
import { withMapDefaults, type Near } from '../../platform/http/schemas.js';
import { fullTextQuery, textPatterns, TypoCorrections } from './search-words.js';
import { searchApi, type NearbyStore, type nearbyQuery, type ProductSearchPage, type productSearchQuery } from './contract.js';
import { nearbyStores, searchProducts } from './queries.js';
import { productJson } from '../catalog/queries.js';
import type { OpeningHours } from '../stores/decider.js';
import { isOpen, romeClock } from '../stores/opening-hours.js';

/** An answer the cache keeps as the JSON its contract writes (app.writeAnswer) goes out as it is: Fastify does not serialise JSON text again. */
const sendCached = (reply: FastifyReply, json: string): FastifyReply => reply.type('application/json; charset=utf-8').send(json);

/** Products and shops near a point, by words (issue #4), in Italian and forgiving typos word by word. */
export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, pool, projections } = app.deps;
  const mapSettings = googleMapsSettingsReader(db, projections);

  const nearbyCache = new ReadCache(projections, ['stores']);
  const storeTypos = new TypoCorrections(db, projections, { table: 'store_words', readModel: 'stores' });
  app.route({
    ...searchApi.nearbyStores,
    handler: async (request, reply) => {
      const query = withMapDefaults(request.query, await mapSettings.read());
      return sendCached(reply, await nearbyCache.text(JSON.stringify(query), async () => app.writeAnswer(searchApi.nearbyStores.schema.response[200], await nearby(query))));
    },
  });

  const nearby = async ({ lat, lng, radius, category, q, limit, openNow, delivery }: Near<z.output<typeof nearbyQuery>>): Promise<NearbyStore[]> => {
    const clock = romeClock(new Date());
    // Each word of `q` in the name or description, as part of a word or through a typo correction.
    const words = q ? textPatterns(await storeTypos.of(q)) : [];
    const rows = await nearbyStores(db, {
      lat,
      lng,
      radius,
      box: boundingBox(lat, lng, radius),
      category: category ?? null,
      patterns: words.length ? words : null,
      day: clock.day,
      openAt: openNow ? clock.time : null,
      delivery: delivery ?? null,
      limit,
    });
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      slug: r.slug,
      category: r.category,
      address: r.address,
      latitude: r.latitude,
      longitude: r.longitude,
      logo: r.logo,
      openNow: isOpen({ [clock.day]: r.today ?? [] } as OpeningHours, clock),
      distanceKm: Math.round(r.distance_km * 100) / 100,
      pickup: r.pickup,
      shipping: r.shipping,
    }));
  };

  const productsCache = new ReadCache(projections, ['products', 'stores']);
  const productTypos = new TypoCorrections(db, projections, { table: 'product_words', readModel: 'products' });
  app.route({
    ...searchApi.products,
    handler: async (request, reply) => {
      const query = withMapDefaults(request.query, await mapSettings.read());
      // Cached as the JSON the serializer would write: its prices in euros (the contract writes them).
      return sendCached(reply, await productsCache.text(JSON.stringify(query), async () => app.writeAnswer(searchApi.products.schema.response[200], await search(query))));
    },
  });

  const search = async ({ q, lat, lng, radius, category, sort, page, pageSize, asTyped }: Near<z.output<typeof productSearchQuery>>): Promise<ProductSearchPage> => {
    const box = boundingBox(lat, lng, radius);
    const rows = await searchProducts(db, {
      lat,
      lng,
      radius,
      box,
      cells: cellsAround(box),
      // As typed: the words' own forms, none of their corrections.
      words: q ? fullTextQuery(asTyped ? { ...(await productTypos.of(q)), corrections: {} } : await productTypos.of(q)) : null,
      category: category || null,
      sort,
      limit: pageSize,
      offset: (page - 1) * pageSize,
    });
    return {
      items: rows.map((r) => ({
        ...productJson(r),
        // The shop's position comes with each result, so the results map can pin every one of them.
        store: { id: r.store_id, name: r.store_name, slug: r.store_slug, address: r.store_address, latitude: r.store_lat, longitude: r.store_lng },
        distanceKm: Math.round(r.distance_km * 100) / 100,
        match: r.typo ? ('corrected' as const) : ('exact' as const),
        // Issue [17] in progress: the shop's hours and stock are read by the engine's next step.
        openNow: false,
        pickupToday: false,
      })),
      total: rows[0]?.total ?? 0,
      page,
      pageSize,
      // Km: the one asked for, or the admin's default when none was.
      radius,
      interpretation: { correctedQuery: null, expansions: [] },
      suggestions: [],
      beyond: [],
    };
  };
};
