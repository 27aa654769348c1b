import { describe, expect, it } from 'vitest';
import { addTerm, docOf, entryOf, entryTerm, orRank, parseTsquery, rankQueryOf, resolve, tsRank } from './tsquery.js';

/** A small deterministic random source (the same cases every run). */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    return state / 2 ** 32;
  };
}

describe('an OR query’s rank summed from outside the document (the search index’s postings)', () => {
  it('is tsRank’s float4 exactly: each held word’s term added in the walk’s order, then divided by the items', () => {
    const rnd = random(17);
    const lexemes = Array.from({ length: 40 }, (_, k) => `w${String(k).padStart(2, '0')}`);
    const idsOf = (term: { lexeme: string; prefix: boolean }) =>
      lexemes.flatMap((lexeme, id) => ((term.prefix ? lexeme.startsWith(term.lexeme) : lexeme === term.lexeme) ? [id] : []));
    let checked = 0;
    for (let c = 0; c < 2_000; c++) {
      // A product's words: a few lexemes, each at one to four positions of any weight.
      const held = [...new Set(Array.from({ length: 1 + Math.floor(rnd() * 12) }, () => Math.floor(rnd() * lexemes.length)))];
      const doc = docOf(
        held.map((id) => ({
          id,
          positions: [...new Set(Array.from({ length: 1 + Math.floor(rnd() * 4) }, () => 1 + Math.floor(rnd() * 60)))]
            .sort((a, b) => a - b)
            .map((p) => p | (Math.floor(rnd() * 4) << 14)),
        })),
      );
      // An OR query of words and prefixes, some asked in the name (:AB), as the vocabulary writes them.
      const terms = [
        ...new Set(
          Array.from({ length: 1 + Math.floor(rnd() * 14) }, () => {
            const lexeme = lexemes[Math.floor(rnd() * lexemes.length)]!;
            return rnd() < 0.15 ? `'${lexeme.slice(0, 2)}':*` : `'${lexeme}'${rnd() < 0.5 ? ':AB' : ''}`;
          }),
        ),
      ];
      const ranked = rankQueryOf(resolve(parseTsquery(terms.join(' | '))!, idsOf));
      if (ranked.and || !ranked.single) continue;
      const placeOf = new Int32Array(lexemes.length);
      for (const [id, [place]] of ranked.walk) placeOf[id] = place! + 1;
      let sum = 0;
      for (const id of ranked.walk.keys()) {
        const k = entryOf(doc, id);
        if (k >= 0) sum = addTerm(sum, entryTerm(doc, k));
      }
      const fromOutside = orRank(sum, ranked);
      expect(Object.is(fromOutside, tsRank(doc, ranked)), `${terms.join(' | ')}`).toBe(true);
      expect(Object.is(fromOutside, tsRank(doc, ranked, placeOf)), `${terms.join(' | ')} (with the places' table)`).toBe(true);
      checked++;
    }
    expect(checked).toBeGreaterThan(500);
  });
});
