import { formatMoney } from '../../lib/money';
import type { PriceComparison } from './api';
import { plural } from '@platform/domain/format';

/* The comparison in words, as the shopkeeper reads it on the product list and form. */

const km = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 1 });

/** "entro 10 km", "entro 2,5 km", the number never parted from its unit at a line's end. */
const within = (radiusKm: number) => `entro ${km.format(radiusKm)}\u00a0km`;

const others = (n: number) => (n === 1 ? '1 altro negozio' : `${n} altri negozi`);

/**
 * "Sei il 2° più economico su 7 negozi entro 10 km" — shops at the same price share the rank
 * (1 + the shops strictly cheaper), and the sentence says so.
 */
export function rankSentence(c: Pick<PriceComparison, 'rank' | 'shops' | 'tiedWith' | 'radiusKm'>): string {
  if (c.shops <= 1) return `Nessun altro negozio lo vende ${within(c.radiusKm)}`;
  const place = c.rank === 1 ? 'il più economico' : `il ${c.rank}° più economico`;
  const tie = c.tiedWith > 0 ? `, a pari prezzo con ${others(c.tiedWith)}` : '';
  return `Sei ${place} su ${plural(c.shops, 'negozio', 'negozi')} ${within(c.radiusKm)}${tie}`;
}

/** "min € 2,50 · mediana € 3,20 · max € 4,10". */
export const pricesLine = (c: Pick<PriceComparison, 'lowest' | 'median' | 'highest'>): string =>
  `min ${formatMoney(c.lowest)} · mediana ${formatMoney(c.median)} · max ${formatMoney(c.highest)}`;

/** "a 1,2 km", "qui" for the shop itself. */
export const distanceText = (distanceKm: number, isThisShop: boolean): string =>
  isThisShop ? 'questo negozio' : `a ${distanceKm < 1 ? `${Math.round(distanceKm * 1000)}\u00a0m` : `${km.format(distanceKm)}\u00a0km`}`;
