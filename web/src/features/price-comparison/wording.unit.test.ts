import { describe, expect, it } from 'vitest';
import { distanceText, pricesLine, rankSentence } from './wording';

describe('the price comparison in words', () => {
  it('tells the shop its place among the shops within the radius', () => {
    expect(rankSentence({ rank: 2, shops: 7, tiedWith: 0, radiusKm: 10 })).toBe('Sei il 2° più economico su 7 negozi entro 10\u00a0km');
    expect(rankSentence({ rank: 1, shops: 3, tiedWith: 0, radiusKm: 2.5 })).toBe('Sei il più economico su 3 negozi entro 2,5\u00a0km');
  });

  it('says when shops share the price, and when no other shop sells it', () => {
    expect(rankSentence({ rank: 3, shops: 5, tiedWith: 1, radiusKm: 10 })).toBe('Sei il 3° più economico su 5 negozi entro 10\u00a0km, a pari prezzo con 1 altro negozio');
    expect(rankSentence({ rank: 1, shops: 4, tiedWith: 2, radiusKm: 10 })).toBe('Sei il più economico su 4 negozi entro 10\u00a0km, a pari prezzo con 2 altri negozi');
    expect(rankSentence({ rank: 1, shops: 1, tiedWith: 0, radiusKm: 10 })).toBe('Nessun altro negozio lo vende entro 10\u00a0km');
  });

  it('writes the prices and distances as the site does', () => {
    expect(pricesLine({ lowest: 2.5, median: 3.05, highest: 4.1 })).toBe('min € 2,50 · mediana € 3,05 · max € 4,10');
    expect(distanceText(1.24, false)).toBe('a 1,2\u00a0km');
    expect(distanceText(0.4, false)).toBe('a 400\u00a0m');
    expect(distanceText(0, true)).toBe('questo negozio');
  });
});
