import { z } from 'zod';
import { api, get } from '../../platform/http/contract.js';
import { nearQuery, queryInt } from '../../platform/http/schemas.js';
import { productWithStore, shopPlace } from '../catalog/contract.js';
import { publicStore } from '../stores/contract.js';

/** How a customer can get a nearby shop's goods: collect them there, or have them shipped. */
export const nearbyDeliveries = ['pickup', 'shipping'] as const;
export type NearbyDelivery = (typeof nearbyDeliveries)[number];

export const nearbyQuery = z.object({
  ...nearQuery,
  /** The nearest this many: a list's first screen by default, a whole city's map at most. */
  limit: z.coerce
    .number({ error: 'Limite: un numero intero da 1 a 200.' })
    .int('Il limite deve essere un numero intero.')
    .min(1, 'Il limite minimo è 1.')
    .max(200, 'Il limite massimo è 200.')
    .default(50),
  /** `true`: only the shops open now (Rome's clock); `false` or unsaid: open or not. */
  openNow: z
    .enum(['true', 'false'], { error: 'Aperti ora: true (solo i negozi aperti adesso) o false.' })
    .transform((v) => v === 'true')
    .optional(),
  /** Only the shops that take pickups (`pickup`: they have stated their hours) or that ship (`shipping`). */
  delivery: z.enum(nearbyDeliveries, { error: 'Consegna: pickup (ritiro in negozio) o shipping (spedizione).' }).optional(),
});

/** A shop of the nearby list: what its card and map pin show. */
export const nearbyStore = publicStore
  .pick({ id: true, name: true, slug: true, category: true, address: true, latitude: true, longitude: true, logo: true, openNow: true })
  .extend({
    /** From the centre asked, rounded to ten metres. */
    distanceKm: z.number(),
    /** It takes pickups: it has stated its opening hours (orders/delivery.ts offersPickup). */
    pickup: z.boolean(),
    /** It ships: shipping is on and it is not pickup only (orders/delivery.ts shipsAtAll). */
    shipping: z.boolean(),
  });
export type NearbyStore = z.infer<typeof nearbyStore>;

export const productSearchQuery = z.object({
  ...nearQuery,
  /** Unsaid: by relevance when there are words (the best matches first), by distance otherwise. */
  sort: z.enum(['distance', 'relevance', 'price'], { error: 'Ordinamento non valido: distance, relevance o price.' }).optional(),
  page: queryInt('Pagina', 1, 1000).default(1),
  pageSize: queryInt('Risultati per pagina', 1, 50).default(20),
  /** `true`: the words as written, none corrected («Cerca invece “lampadne”», after a correction); `false` or unsaid: typos corrected. */
  asTyped: z
    .enum(['true', 'false'], { error: 'Come scritto: true (le parole senza correzioni) o false.' })
    .transform((v) => v === 'true')
    .optional(),
});

/**
 * How a product matched the words (issue [17]): as written (`exact`, forms and stems of the same
 * words included: «lampadine» finds «Lampadina»); through a typo correction or the completion of
 * the last word (`corrected`); or through a word of the same meaning, a narrower one or its
 * category (`related`: «pasta» finds «Spaghetti»). The page lists them in that order.
 */
export const searchMatches = ['exact', 'corrected', 'related'] as const;
export type SearchMatch = (typeof searchMatches)[number];

/** A product found near a point, with its shop's position (the results map pins every one). */
export const foundProduct = productWithStore.extend({
  /** From the centre asked, rounded to ten metres. */
  distanceKm: z.number(),
  /** How it matched the words; `exact` without words. */
  match: z.enum(searchMatches),
  /** Its shop is open now (Rome's clock). */
  openNow: z.boolean(),
  /** It can be picked up today: in stock, the shop takes pickups and is open now or later today. */
  pickupToday: z.boolean(),
});
export type FoundProduct = z.infer<typeof foundProduct>;

/** A shop beyond the radius that has what was searched (shown when nothing is found within it). */
export const shopBeyond = z.object({
  store: shopPlace,
  distanceKm: z.number(),
  /** Its products that match. */
  products: z.number().int(),
});

/** How the words were read: what the page says above the results. */
export const searchInterpretation = z.object({
  /** The query as the results read it when a word was corrected («lampadine» for "lampadne"); null when none was. */
  correctedQuery: z.string().nullable(),
  /** Words of the same meaning also searched, as people write them («spaghetti», «penne»…), at most 8. */
  expansions: z.array(z.string()),
});

/** A page of products found. */
export const productSearchPage = z.object({
  items: z.array(foundProduct),
  /** Every product found within the radius. */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Km: the one asked for, or the admin's default when none was. */
  radius: z.number(),
  interpretation: searchInterpretation,
  /** Only when nothing is found: queries that would find something («Forse cercavi…»), at most 3. */
  suggestions: z.array(z.string()),
  /** Only when nothing is found within the radius: the nearest shops beyond it that have it, at most 5. */
  beyond: z.array(shopBeyond),
});
export type ProductSearchPage = z.infer<typeof productSearchPage>;

/** Finding shops and products near a point by words, forgiving typos (issue #4). */
export const searchApi = api('ricerca', {
  nearbyStores: get(
    '/api/stores/nearby',
    'I negozi attivi più vicini a un punto, per parole e categoria, aperti ora, con ritiro in negozio o spedizione (centro e raggio: quelli della mappa se non indicati)',
    { 200: z.array(nearbyStore) },
    {
      querystring: nearbyQuery,
    },
  ),
  products: get(
    '/api/search/products',
    'Cerca prodotti vicino a un punto per parole (in italiano, tollerando errori di battitura) e categoria, per distanza, pertinenza o prezzo, a pagine',
    { 200: productSearchPage },
    { querystring: productSearchQuery },
  ),
});
