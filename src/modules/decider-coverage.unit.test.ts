import { existsSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { exportedDeciders, moduleScenarios } from './accepted-events.scenarios.js';

/*
 * Every decider of every module is fuzzed by the property test that every read model applies what
 * the deciders accept (src/platform/projections/accepted-events.int.test.ts, issues [6] and [16]):
 * a decider added later fails here, by name, until its module's accepted-events.scenarios.ts
 * decides it.
 */
describe('the accepted-events scenarios', () => {
  it('decide every decider exported under src/modules (an object with decide, evolve and initialState, or a …Decider factory)', async () => {
    const deciders = await exportedDeciders();
    expect(deciders.length).toBeGreaterThan(30);
    const covered = new Set((await moduleScenarios()).flatMap((m) => m.scenarios.map((s) => s.covers)));
    expect(deciders.filter((d) => !covered.has(d.decider)).map((d) => d.name)).toEqual([]);
  });

  it('each come from the folder of the module whose decider they decide', async () => {
    const deciders = await exportedDeciders();
    const wrong = (await moduleScenarios()).flatMap(({ folder, scenarios }) =>
      scenarios.filter((s) => !deciders.some((d) => d.decider === s.covers && d.name.startsWith(`${folder}/`))).map((s) => `${folder}: ${s.name}`),
    );
    expect(wrong).toEqual([]);
  });
});

/*
 * One naming rule (issue [18], docs/architecture.md): a decider lives in a file named for its
 * aggregate (`order.ts` for orderDecider, `vocabulary-entry.ts` for vocabularyEntryDecider; the
 * module's name may be left out: `email/settings.ts` for emailSettingsDecider), one decider a
 * file, never `decider.ts`; its given/when/then test is `<the same name>.unit.test.ts` beside it.
 */
const here = dirname(fileURLToPath(import.meta.url));

/** Files named for their aggregate by another word than the decider's (the reason is the domain's). */
const aggregateWords: Record<string, string> = {
  // A user's credits are kept as a ledger of lots and movements (docs/api-credits.md).
  'credits/ledger': 'credits',
};

const compact = (words: string) => words.toLowerCase().replace(/[^a-z0-9]/g, '');
const singular = (word: string) => word.replace(/ies$/, 'y').replace(/s$/, '');

/** Why a decider's file is not named for its aggregate, or null. `file` is `folder/…/stem` (no extension), `exported` its export's name. */
function misnamed(file: string, exported: string): string | null {
  const stem = basename(file);
  if (/^(decider|deciders|decide|aggregate|domain|model|state)$/.test(stem)) return `named "${stem}", not for its aggregate`;
  const aggregate = compact(exported.replace(/Decider$/, ''));
  const word = compact(aggregateWords[file] ?? stem);
  const module = compact(file.split('/')[0]!);
  const named = [word, singular(word)].some((w) => aggregate === w || (aggregate.endsWith(w) && module.startsWith(singular(aggregate.slice(0, -w.length)))));
  return named ? null : `named "${stem}" for a decider of "${exported}"`;
}

/** Why a decider's file breaks the rule, its test's name included, or null. */
const offRule = (file: string, exported: string): string | null =>
  misnamed(file, exported) ?? (existsSync(join(here, `${file}.unit.test.ts`)) ? null : `no test ${basename(file)}.unit.test.ts beside it`);

describe('the deciders’ names', () => {
  it('are their aggregates’, one a file, each with its unit test of the same name beside it', async () => {
    const deciders = (await exportedDeciders()).map((d) => {
      const [file, exported] = d.name.split(' › ') as [string, string];
      return { file, exported };
    });
    const inFile = (file: string) => deciders.filter((d) => d.file === file).length;
    const wrong = deciders.flatMap(({ file, exported }) => {
      const why = (inFile(file) > 1 ? 'holds several deciders' : null) ?? offRule(file, exported);
      return why ? [`${file}.ts › ${exported}: ${why}`] : [];
    });
    expect(wrong).toEqual([]);
  });

  it('tells a file named for its aggregate from one that is not', () => {
    expect(misnamed('orders/order', 'orderDecider')).toBeNull();
    expect(misnamed('catalog/categories', 'categoryDecider')).toBeNull();
    expect(misnamed('email/settings', 'emailSettingsDecider')).toBeNull();
    expect(misnamed('ai/function-cost', 'aiFunctionCostDecider')).toBeNull();
    expect(misnamed('stores/decider', 'storeDecider')).toMatch(/not for its aggregate/);
    expect(misnamed('orders/cart', 'orderDecider')).toMatch(/for a decider of/);
    expect(misnamed('orders/settings', 'emailSettingsDecider')).toMatch(/for a decider of/);
    expect(misnamed('credits/ledger', 'creditsDecider')).toBeNull();
    expect(misnamed('credits/lots', 'creditsDecider')).toMatch(/for a decider of/);
    expect(offRule('orders/refund', 'refundDecider')).toMatch(/no test refund.unit.test.ts/);
    expect(offRule('orders/order', 'orderDecider')).toBeNull();
  });
});
