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
      scenarios.filter((s) => !deciders.some((d) => d.decider === s.covers && d.name.startsWith(`${folder}/`))).map((s) => `${folder}: ${s.name}`));
    expect(wrong).toEqual([]);
  });
});
