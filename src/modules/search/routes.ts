import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { googleMapsSettingsReader } from '../settings/google-maps-settings-projection.js';
import { boundingBox, cellsAround } from '../../platform/http/geo.js';
import { ReadCache } from '../../platform/http/read-cache.js';
import { withMapDefaults, type Near } from '../../platform/http/schemas.js';
import {
  correctedText,
  fullTextQuery,
  suggestionsOf,
  textPatterns,
  AnalysedWords,
  TypoCorrections,
  vocabularyTokens,
  withoutElisions,
  type CorrectedWords,
  type ExpandedQuery,
  type FullTextQuery,
  type SpanExpansion,
} from './search-words.js';
import { SearchVocabulary, vocabularyReadModel } from './vocabulary/lookup.js';
import { searchApi, type FoundProduct, type NearbyStore, type nearbyQuery, type ProductSearchPage, type productSearchQuery, searchMatches } from './contract.js';
import { keptAlternatives, nearbyStores, type SearchRow } from './queries.js';
import { NearIndex } from './near-index.js';
import { productJson } from '../catalog/queries.js';
import type { OpeningHours } from '../stores/store.js';
import { isOpen, romeClock } from '../stores/opening-hours.js';

/** An answer the cache keeps as the JSON its contract writes (app.writeAnswer) goes out as it is: Fastify does not serialise JSON text again. */
const sendCached = (reply: FastifyReply, json: string): FastifyReply => reply.type('application/json; charset=utf-8').send(json);

/** Products and shops near a point, by words (issue #4), in Italian and forgiving typos word by word. */
export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, pool, projections } = app.deps;
  const mapSettings = googleMapsSettingsReader(db, projections);

  const nearbyCache = new ReadCache(projections, ['stores']);
  const storeTypos = new TypoCorrections(db, projections, { table: 'store_words', readModels: ['stores'] });
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
    const text = q ? withoutElisions(q) : '';
    const words = text ? textPatterns(await storeTypos.of(text)) : [];
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
    return rows.map(({ today, distanceKm, ...shop }) => ({
      ...shop,
      openNow: isOpen({ [clock.day]: today ?? [] } as OpeningHours, clock),
      distanceKm: Math.round(distanceKm * 100) / 100,
    }));
  };

  // The vocabulary (issue [17]): what a query's words also find, and words its typos are corrected against.
  const vocabulary = new SearchVocabulary(db, projections);
  const productsCache = new ReadCache(projections, ['products', 'stores', vocabularyReadModel]);
  const productTypos = new TypoCorrections(db, projections, { table: 'product_words', readModels: ['products', vocabularyReadModel], vocabulary });
  const analysed = new AnalysedWords(projections, ['products', vocabularyReadModel]);
  // The products near a point in memory: the hot path of a search with words (near-index.ts); the others keep their SQL.
  const products = new NearIndex(db, pool, projections, app.deps.logger);
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
    const cells = cellsAround(box);
    const clock = romeClock(new Date());
    const text = q ? withoutElisions(q) : '';
    // The words' analysis, the same wherever and however they are searched: worked out once until the catalogue or the vocabulary changes.
    const {
      words,
      query: fullText,
      learn,
    } = text
      ? await analysed.of(`${asTyped ? 'as typed' : 'corrected'}:${text}`, async () => {
          const read = await productTypos.of(text);
          const words = asTyped ? asWritten(read) : read;
          const expansions: SpanExpansion[] = await vocabulary.expand(vocabularyTokens(words));
          return { words, query: fullTextQuery(words, expansions) };
        })
      : { words: null, query: null, learn: () => {} };
    const rows = await products.searchProducts({
      lat,
      lng,
      radius,
      box,
      cells,
      words: fullText,
      category: category || null,
      // With words, the best matches first unless another order is asked; without, the nearest.
      sort: sort ?? (fullText ? 'relevance' : 'distance'),
      clock,
      limit: pageSize,
      offset: (page - 1) * pageSize,
    });
    const total = rows[0]?.total ?? 0;
    const first = rows[0];
    let known = fullText;
    if (first) learn(first.kept);
    else if (fullText?.expanded && !fullText.expanded.kept) {
      // Nothing found, no row to learn the alternatives kept from: read on their own, so that the next search of these words runs in memory (and this one's «nothing found» too).
      const kept = await keptAlternatives(db, fullText.expanded);
      learn(kept);
      known = { ...fullText, expanded: kept.length ? { ...fullText.expanded, kept } : null };
    }
    const elsewhere =
      q && words && known?.exact && page === 1 && total === 0 ? await nothingWithin(q, words, known, { lat, lng, radius, box, cells, category: category || null }) : null;
    return {
      items: rows.map(foundProductOf),
      total,
      page,
      pageSize,
      // Km: the one asked for, or the admin's default when none was.
      radius,
      interpretation: {
        // Said only when nothing matched the words as written: then the results are the correction's.
        correctedQuery: q && words && first && (first.exact_total ?? total) === 0 ? correctedText(q, words) : null,
        expansions: first?.related_total && fullText?.expanded ? expansionWords(fullText.expanded, first.kept) : [],
      },
      suggestions: elsewhere?.suggestions ?? [],
      beyond: elsewhere?.beyond ?? [],
    };
  };

  /** When nothing is found within the radius: up to 3 queries that find something there, and the nearest 5 shops beyond it (within 200 km) that have what was searched. */
  const nothingWithin = async (
    q: string,
    words: CorrectedWords,
    fullText: FullTextQuery,
    near: { lat: number; lng: number; radius: number; box: ReturnType<typeof boundingBox>; cells: string[] | null; category: string | null },
  ) => {
    const candidates = suggestionsOf(q, words).slice(0, maxSuggestionsTried);
    const wide = boundingBox(near.lat, near.lng, beyondKm);
    const rows = await products.foundElsewhere({
      ...near,
      suggestions: candidates.map((c) => c.query),
      words: fullText,
      beyond: near.radius < beyondKm ? { radius: beyondKm, box: wide, cells: cellsAround(wide), limit: 5 } : null,
    });
    return {
      suggestions: rows.flatMap((r) => (r.suggestion === null ? [] : [candidates[r.suggestion - 1]!.text])).slice(0, 3),
      beyond: rows.flatMap((r) =>
        r.store_id === null
          ? []
          : [
              {
                store: { id: r.store_id, name: r.store_name!, slug: r.store_slug!, address: r.store_address!, latitude: r.store_lat!, longitude: r.store_lng! },
                distanceKm: Math.round(r.distance_km! * 100) / 100,
                products: r.products!,
              },
            ],
      ),
    };
  };
};

/**
 * A query's words as typed («Cerca invece “lampadne”»): none corrected or completed; each one's
 * best correction is only offered («Forse cercavi…») when nothing is found.
 */
function asWritten(words: CorrectedWords): CorrectedWords {
  const loose = { ...words.loose };
  for (const [token, { lexeme, near }] of Object.entries(words.corrections)) {
    if (token !== words.completed && near[0]) loose[token] = { lexeme, near: [near[0], ...(loose[token]?.near ?? [])] };
  }
  return { ...words, corrections: {}, completed: null, loose };
}

/**
 * A result as the contract writes it: the product (catalog/queries.ts productJson) with its shop,
 * distance and availability. Written out: a spread of productJson's object cost more than the
 * search in memory (node --cpu-prof under the benchmark's load).
 */
function foundProductOf(r: SearchRow): FoundProduct {
  const p = productJson(r);
  return {
    id: p.id,
    storeId: p.storeId,
    name: p.name,
    description: p.description,
    price: p.price,
    stockQuantity: p.stockQuantity,
    imageUrl: p.imageUrl,
    images: p.images,
    defaultImageIndex: p.defaultImageIndex,
    pdfUrl: p.pdfUrl,
    category: p.category,
    sku: p.sku,
    barcode: p.barcode,
    status: p.status,
    featured: p.featured,
    onSale: p.onSale,
    globalProductId: p.globalProductId,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
    priceSince: p.priceSince,
    lowestPrice30Days: p.lowestPrice30Days,
    // The shop's position comes with each result, so the results map can pin every one of them.
    store: { id: r.store_id, name: r.store_name, slug: r.store_slug, address: r.store_address, latitude: r.store_lat, longitude: r.store_lng },
    distanceKm: Math.round(r.distance_km * 100) / 100,
    match: searchMatches[r.tier ?? 0]!,
    openNow: r.open_now,
    pickupToday: r.pickup_today,
  };
}

/** The farthest a shop beyond the radius is looked for. */
const beyondKm = 200;
/** The queries «Forse cercavi…» checks, at most. */
const maxSuggestionsTried = 8;

/** The words «Anche: …» shows: those of the vocabulary's alternatives the catalogue holds (`kept`, from 1), each once, at most 8. */
function expansionWords({ alternatives }: ExpandedQuery, kept: readonly number[]): string[] {
  return [...new Set(kept.map((k) => alternatives[k - 1]?.word).filter((w): w is string => Boolean(w)))].slice(0, 8);
}
