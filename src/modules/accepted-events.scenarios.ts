import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ModuleManifest } from '../platform/module.js';
import type { Scenario } from '../platform/testing/accepted-events.js';
import { modules } from './index.js';

const here = dirname(fileURLToPath(import.meta.url));

/** The file where a module keeps the scenarios of its deciders (src/platform/testing/accepted-events.ts). */
export const scenariosFile = 'accepted-events.scenarios.ts';

export interface ModuleScenarios {
  module: ModuleManifest;
  folder: string;
  scenarios: Scenario[];
}

/**
 * Every module of the product (src/modules/index.ts), found by its folder (the one whose
 * module.ts exports it), with the scenarios its folder keeps: none for a module without deciders.
 * A module of the list without a folder fails, so none is left out unseen.
 */
export async function moduleScenarios(): Promise<ModuleScenarios[]> {
  const found = new Map<ModuleManifest, ModuleScenarios>();
  for (const folder of readdirSync(here, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort()) {
    const manifestFile = join(here, folder, 'module.ts');
    if (!existsSync(manifestFile)) continue;
    const exported = Object.values((await import(manifestFile)) as Record<string, unknown>);
    const module = modules.find((m) => exported.includes(m));
    if (!module) continue;
    const file = join(here, folder, scenariosFile);
    const scenarios = existsSync(file) ? ((await import(file)) as { scenarios: Scenario[] }).scenarios : [];
    found.set(module, { module, folder, scenarios });
  }
  const lost = modules.filter((m) => !found.has(m)).map((m) => m.name);
  if (lost.length) throw new Error(`Modules without a folder of their own (src/modules/<folder>/module.ts): ${lost.join(', ')}`);
  return modules.map((m) => found.get(m)!);
}

/** An exported decider: the object itself, or the factory that makes one (e.g. cartDecider(userId)). */
export interface ExportedDecider {
  /** `folder/file.ts › exportName` */
  name: string;
  decider: object;
}

const isDecider = (value: unknown): boolean =>
  !!value &&
  typeof value === 'object' &&
  typeof (value as { decide?: unknown }).decide === 'function' &&
  typeof (value as { evolve?: unknown }).evolve === 'function' &&
  'initialState' in value;

/**
 * Every decider exported by a source file (not a test) under src/modules: an object with
 * `initialState`, `decide` and `evolve`, or a function named …Decider that returns one.
 */
export async function exportedDeciders(): Promise<ExportedDecider[]> {
  const files = readdirSync(here, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !/\.test\.ts$/.test(f) && !f.endsWith('.d.ts') && !f.endsWith(scenariosFile))
    .sort();
  const found: ExportedDecider[] = [];
  const seen = new Set<object>();
  for (const file of files) {
    const exports = (await import(join(here, file))) as Record<string, unknown>;
    for (const [name, value] of Object.entries(exports)) {
      if (!value || seen.has(value)) continue;
      let decider = isDecider(value);
      if (!decider && typeof value === 'function' && /Decider$/.test(name) && !/^class\b/.test(Function.prototype.toString.call(value))) {
        try {
          decider = isDecider((value as (...args: unknown[]) => unknown)('coverage-probe'));
        } catch {
          decider = false;
        }
      }
      if (decider) {
        seen.add(value);
        found.push({ name: `${file.replace(/\.ts$/, '')} › ${name}`, decider: value });
      }
    }
  }
  return found;
}
