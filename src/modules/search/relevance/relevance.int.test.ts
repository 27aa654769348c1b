import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { Browser, useTestApp } from '../../../../tests/support/app.js';
import { seedDemo } from '../../../seed.js';
import { figuresByClass, relevanceTable, type QueryScore } from './measure.js';
import { queryClasses } from './queries.js';
import { runRelevance, searchPath } from './run.js';
import { hangAfter } from '../../../../tests/support/time-limits.js';

/*
 * Our relevance set (queries.ts) through GET /api/search/products on the demo data, seeded into
 * a fresh database: per query class recall@10 and MRR must reach the floors of floors.json, the
 * zero-result rate (of the queries that have answers) and the false-hit rate (of those that must
 * find nothing) must stay under theirs. The floors only go up: floors.json says how to raise them.
 */

const floors = JSON.parse(readFileSync(new URL('./floors.json', import.meta.url), 'utf8')) as {
  recallAt10: Record<string, number>;
  mrr: Record<string, number>;
  maxZeroResultRate: number;
  maxFalseHitRate: number;
};

const t = useTestApp();
let scores: QueryScore[];

beforeAll(async () => {
  const { store, pool, db, projections } = t.system;
  await seedDemo({ store, pool, db, waitFor: (position) => projections.waitFor(position, hangAfter(60_000)) });
  const browser = new Browser(t.app);
  scores = await runRelevance(async (query) => {
    const res = await browser.get(searchPath(query));
    expect(res.statusCode, `${query.q}: ${res.body}`).toBe(200);
    const page = res.json<{ items: { name: string }[]; total: number }>();
    return { names: page.items.map((i) => i.name), total: page.total };
  });
  const figures = figuresByClass(scores);
  console.log(`\nRelevance of our search on the demo data (${scores.length} queries)\n\n${relevanceTable([{ name: 'ours', figures }])}\n`);
  const missed = scores.filter((s) => (s.recall !== null && s.recall < 1) || s.falseHit);
  console.log(
    `Queries short of every answer or with false hits:\n${missed.map((s) => `  ${s.query.class.padEnd(10)} ${s.query.city.padEnd(6)} «${s.query.q}»: ${s.recall === null ? 'found something' : `recall ${s.recall.toFixed(2)}, RR ${s.reciprocalRank!.toFixed(2)}`}; first: ${s.firstFound.join(' · ') || 'nothing'}`).join('\n')}\n`,
  );
}, hangAfter(300_000));

describe('the relevance set on the demo data', () => {
  it.each(queryClasses.filter((c) => c !== 'nothing'))('%s: recall@10 and MRR at least their floors', (cls) => {
    const figures = figuresByClass(scores)[cls];
    expect(figures.recallAt10).toBeGreaterThanOrEqual(floors.recallAt10[cls] ?? 0);
    expect(figures.mrr).toBeGreaterThanOrEqual(floors.mrr[cls] ?? 0);
  });

  it('finds something for the queries that have answers, and nothing for those that have none, within the ceilings', () => {
    const all = figuresByClass(scores).all;
    expect(all.zeroResultRate).toBeLessThanOrEqual(floors.maxZeroResultRate);
    expect(all.falseHitRate).toBeLessThanOrEqual(floors.maxFalseHitRate);
  });
});
