import { z } from 'zod';
import { api, get, idParams } from '../../platform/http/contract.js';
import { euros } from '../../platform/http/money.js';

export const comparisonQuery = z.object({
  radius: z.coerce
    .number({ error: 'Raggio: un numero di km, da più di 0 a 200.' })
    .positive('Il raggio deve essere maggiore di zero.')
    .max(200, 'Il raggio massimo è 200 km.')
    .optional(),
});

/** A shop that sells the same product nearby, as the customer's page lists it. */
export const comparedShop = z.object({
  productId: z.uuid(),
  storeName: z.string(),
  storeSlug: z.string(),
  price: euros,
  /** From the compared product's shop, in km (two decimals). */
  distanceKm: z.number(),
  /** The compared product's own shop. */
  isThisShop: z.boolean(),
});
export type ComparedShop = z.infer<typeof comparedShop>;

/**
 * The prices of one shared catalogue entry (barcode) in the active shops within `radiusKm` of the
 * product's shop, this one included (each shop once, at its lowest price for it).
 */
export const priceComparison = z.object({
  productId: z.uuid(),
  globalProductId: z.uuid(),
  radiusKm: z.number(),
  /** How many shops sell it within the radius, this one included. */
  shops: z.number().int(),
  lowest: euros,
  /** Of every shop's price, this one's included; between the two middle ones when they are even. */
  median: euros,
  highest: euros,
  price: euros,
  /** 1 = the cheapest: one more than the shops strictly cheaper, so shops at the same price share a rank. */
  rank: z.number().int(),
  /** How many other shops ask exactly this shop's price. */
  tiedWith: z.number().int(),
  /** The cheapest shops (this one among them when it is), then the nearest: at most 5. */
  cheapest: z.array(comparedShop),
});
export type PriceComparison = z.infer<typeof priceComparison>;

/** Issue [11]: a product's price against the same product in the shops around. */
export const priceComparisonApi = api('confronto prezzi', {
  product: get(
    '/api/price-comparison/products/:id',
    'Il prezzo di un prodotto del catalogo condiviso (codice a barre) confrontato con gli altri negozi attivi entro il raggio: minimo, mediano, massimo, quanti negozi, la posizione di questo. Per il negoziante con un piano che lo include, per il cliente con il confronto prezzi attivo, per l’amministratore',
    { 200: priceComparison },
    { params: idParams, querystring: comparisonQuery },
  ),
});
