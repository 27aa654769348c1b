import { demoShops } from '../../../demo/index.js';
import { distanceKm } from '../../../platform/domain/format.js';
import { cities, queryClasses, radiusKm, type City, type QueryClass, type RelevanceQuery } from './queries.js';

/*
 * The figures of a relevance run (pure: the answers come from whichever search is measured).
 * - recall@10: of the products a person accepts, the share among the first 10 results, out of at
 *   most 10 (a query with 25 right answers and 10 of them first scores 1);
 * - MRR: the mean of 1 / the rank of the first accepted result within the first 10 (0 if none);
 * - zero-result rate: the share of queries that have answers and found nothing at all;
 * - false hits: the share of `nothing` queries that found something.
 */

/** A demo product a search can find: of an approved demo shop, in the city it is in. */
export interface DemoCatalogueProduct {
  name: string;
  category: string;
  city: City;
}

/** The demo products customers can find (approved shops only), each with its city. */
export function demoCatalogue(): DemoCatalogueProduct[] {
  return demoShops
    .filter((shop) => shop.approved)
    .flatMap((shop) => {
      const city = (Object.keys(cities) as City[]).find((c) => distanceKm(cities[c], shop.profile) <= radiusKm);
      if (!city) return [];
      return shop.products.map(([name, , , , category]) => ({ name, category: category ?? shop.profile.category, city }));
    });
}

/** The names a person accepts for `query`, as the catalogue has them. */
export function acceptedNames(query: RelevanceQuery, catalogue: readonly DemoCatalogueProduct[]): Set<string> {
  const { accept } = query;
  if (Array.isArray(accept)) return new Set(accept);
  return new Set(catalogue.filter((p) => p.city === query.city && p.category === accept.category).map((p) => p.name));
}

/** What a search answered: the names of its first results in order (at least the first 10) and how many it found. */
export interface Answer {
  names: string[];
  total: number;
}

export interface QueryScore {
  query: RelevanceQuery;
  /** Null for a `nothing` query. */
  recall: number | null;
  reciprocalRank: number | null;
  zeroResults: boolean;
  falseHit: boolean;
  /** The first three names found, to read what went wrong. */
  firstFound: string[];
}

export function scoreQuery(query: RelevanceQuery, accepted: ReadonlySet<string>, answer: Answer): QueryScore {
  if (query.class === 'nothing')
    return { query, recall: null, reciprocalRank: null, zeroResults: answer.total === 0, falseHit: answer.total > 0, firstFound: answer.names.slice(0, 3) };
  const first = answer.names.slice(0, 10);
  const found = new Set(first.filter((name) => accepted.has(name)));
  const rank = first.findIndex((name) => accepted.has(name));
  return {
    query,
    recall: found.size / Math.min(accepted.size, 10),
    reciprocalRank: rank < 0 ? 0 : 1 / (rank + 1),
    zeroResults: answer.total === 0,
    falseHit: false,
    firstFound: answer.names.slice(0, 3),
  };
}

export interface ClassFigures {
  queries: number;
  /** Null where the class has no queries with answers (`nothing`). */
  recallAt10: number | null;
  mrr: number | null;
  /** Among its queries that have answers. */
  zeroResultRate: number | null;
  /** Among its `nothing` queries. */
  falseHitRate: number | null;
}

const mean = (values: number[]): number | null => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : null);

function figuresOf(scores: readonly QueryScore[]): ClassFigures {
  const answered = scores.filter((s) => s.query.class !== 'nothing');
  const nothing = scores.filter((s) => s.query.class === 'nothing');
  return {
    queries: scores.length,
    recallAt10: mean(answered.map((s) => s.recall!)),
    mrr: mean(answered.map((s) => s.reciprocalRank!)),
    zeroResultRate: mean(answered.map((s) => (s.zeroResults ? 1 : 0))),
    falseHitRate: mean(nothing.map((s) => (s.falseHit ? 1 : 0))),
  };
}

/** Each class's figures, and `all` of them together. */
export function figuresByClass(scores: readonly QueryScore[]): Record<QueryClass | 'all', ClassFigures> {
  const byClass = Object.fromEntries(queryClasses.map((c) => [c, figuresOf(scores.filter((s) => s.query.class === c))])) as Record<QueryClass, ClassFigures>;
  return { ...byClass, all: figuresOf(scores) };
}

const cell = (value: number | null, percent = false) => (value === null ? '—' : percent ? `${(value * 100).toFixed(1)} %` : value.toFixed(3));

/** The figures as a text table, one line per class; `columns` side by side (e.g. our search and Orama). */
export function relevanceTable(columns: { name: string; figures: Record<QueryClass | 'all', ClassFigures> }[]): string {
  const header = ['class', 'queries', ...columns.flatMap((c) => [`${c.name} R@10`, `${c.name} MRR`, `${c.name} zero`, `${c.name} false hits`])];
  const rows = [...queryClasses, 'all' as const].map((cls) => [
    cls,
    String(columns[0]?.figures[cls].queries ?? 0),
    ...columns.flatMap(({ figures }) => [cell(figures[cls].recallAt10), cell(figures[cls].mrr), cell(figures[cls].zeroResultRate, true), cell(figures[cls].falseHitRate, true)]),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  return [line(header), `|${widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`, ...rows.map(line)].join('\n');
}
