import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { retailCategories } from '../../catalog/categories.js';
import { acceptedNames, demoCatalogue, figuresByClass, scoreQuery } from './measure.js';
import { queryClasses, relevanceQueries, type RelevanceQuery } from './queries.js';

/* The relevance set stays what issue [17] asks, its answers stay in the demo catalogue, and the floors stay a measure. */

const catalogue = demoCatalogue();
const floors = JSON.parse(readFileSync(new URL('./floors.json', import.meta.url), 'utf8')) as Record<string, unknown>;

describe('the relevance set', () => {
  it('has at least 150 queries, at least 12 of each class, none twice from the same city', () => {
    expect(relevanceQueries.length).toBeGreaterThanOrEqual(150);
    for (const cls of queryClasses) expect(relevanceQueries.filter((q) => q.class === cls).length, cls).toBeGreaterThanOrEqual(12);
    const keys = relevanceQueries.map((q) => `${q.city} ${q.q}`);
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
  });

  it('accepts only products the demo sells in the city asked from, by their exact names; a "nothing" query accepts none', () => {
    for (const query of relevanceQueries) {
      const accepted = acceptedNames(query, catalogue);
      if (query.class === 'nothing') {
        expect(accepted.size, query.q).toBe(0);
        continue;
      }
      expect(accepted.size, `${query.city} «${query.q}» accepts nothing`).toBeGreaterThan(0);
      const sold = new Set(catalogue.filter((p) => p.city === query.city).map((p) => p.name));
      expect(
        [...accepted].filter((name) => !sold.has(name)),
        `${query.city} «${query.q}»`,
      ).toEqual([]);
      if (!Array.isArray(query.accept)) expect(retailCategories.map((c) => c.slug)).toContain(query.accept.category);
    }
  });

  it('has demo products in both cities for the home page’s examples', () => {
    for (const q of ['pane integrale', 'lampadine', 'quaderni']) {
      expect(
        relevanceQueries
          .filter((r) => r.q === q)
          .map((r) => r.city)
          .sort(),
        q,
      ).toEqual(['milano', 'roma']);
    }
  });
});

describe('the figures', () => {
  const query = (cls: RelevanceQuery['class'], accept: string[] = []): RelevanceQuery => ({ q: 'x', class: cls, city: 'roma', accept });

  it('scores recall out of at most 10 answers and the reciprocal rank of the first accepted within the first 10', () => {
    const twelve = Array.from({ length: 12 }, (_, i) => `p${i}`);
    const score = scoreQuery(query('exact', twelve), new Set(twelve), { names: ['other', ...twelve], total: 13 });
    expect(score.recall).toBe(9 / 10);
    expect(score.reciprocalRank).toBe(1 / 2);
    const none = scoreQuery(query('typo', ['a']), new Set(['a']), { names: [], total: 0 });
    expect(none).toMatchObject({ recall: 0, reciprocalRank: 0, zeroResults: true });
    const late = scoreQuery(query('typo', ['a']), new Set(['a']), { names: [...twelve, 'a'], total: 13 });
    expect(late).toMatchObject({ recall: 0, reciprocalRank: 0, zeroResults: false });
  });

  it('counts a "nothing" query that found something as a false hit, apart from the other classes’ rates', () => {
    const scores = [
      scoreQuery(query('nothing'), new Set(), { names: ['a'], total: 1 }),
      scoreQuery(query('nothing'), new Set(), { names: [], total: 0 }),
      scoreQuery(query('exact', ['a']), new Set(['a']), { names: [], total: 0 }),
    ];
    const figures = figuresByClass(scores);
    expect(figures.nothing).toMatchObject({ queries: 2, recallAt10: null, falseHitRate: 0.5 });
    expect(figures.all).toMatchObject({ queries: 3, recallAt10: 0, zeroResultRate: 1, falseHitRate: 0.5 });
  });

  it('keeps a floor for every class with answers, and ceilings, all between 0 and 1', () => {
    for (const measure of ['recallAt10', 'mrr'] as const) {
      const values = floors[measure] as Record<string, number>;
      expect(Object.keys(values).sort()).toEqual(queryClasses.filter((c) => c !== 'nothing').sort());
      for (const v of Object.values(values)) expect(v >= 0 && v <= 1).toBe(true);
    }
    for (const ceiling of ['maxZeroResultRate', 'maxFalseHitRate']) expect(floors[ceiling]).toSatisfy((v: number) => v >= 0 && v <= 1);
  });
});
