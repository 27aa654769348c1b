import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Projection } from '../platform/projections/projection.js';
import { catalog, readModel } from './index.js';

const here = dirname(fileURLToPath(import.meta.url));

/**
 * The read models some test file under src/modules gives to useProjection (tests/support/projection.ts):
 * each call's argument is followed to the import it comes from and the object that import gives.
 */
async function testedProjections(): Promise<Set<Projection>> {
  const tested = new Set<Projection>();
  const files = readdirSync(here, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.int.test.ts'));
  for (const file of files) {
    const text = readFileSync(join(here, file), 'utf8');
    // The names each `import { … } from '…'` brings, by their local name.
    const imports = new Map<string, { exported: string; from: string }>();
    for (const [, names, from] of text.matchAll(/import\s*\{([^}]*)\}\s*from\s*'([^']+)'/g)) {
      for (const name of names!
        .split(',')
        .map((n) => n.trim())
        .filter(Boolean)) {
        const [exported, local = exported] = name.split(/\s+as\s+/) as [string, string?];
        imports.set(local, { exported, from: from! });
      }
    }
    // A read model built by the catalog (from the modules' notices), named.
    for (const [, name] of text.matchAll(/useProjection\(readModel\('([\w-]+)'\)\)/g)) tested.add(readModel(name!));
    for (const [, local] of text.matchAll(/useProjection\((\w+)\)/g)) {
      const origin = imports.get(local!);
      if (!origin) throw new Error(`${file}: useProjection(${local}) of a projection not imported by name`);
      const exports = (await import(join(here, dirname(file), origin.from.replace(/\.js$/, '.ts')))) as Record<string, unknown>;
      tested.add(exports[origin.exported] as Projection);
    }
  }
  return tested;
}

describe('read model tests', () => {
  it('exist for every read model of the product: a projection test applies its events and reads its rows', async () => {
    const tested = await testedProjections();
    expect(catalog.projections.length).toBeGreaterThan(0);
    expect(catalog.projections.filter((p) => !tested.has(p)).map((p) => p.name)).toEqual([]);
  });
});

describe('read model names', () => {
  it('give every read model of the product an Italian name of its own, as the back office shows it', () => {
    const titles = catalog.projections.map((p) => p.title);
    expect(catalog.projections.filter((p) => !p.title.trim() || p.title === p.name || /^[a-z0-9_-]+$/.test(p.title)).map((p) => p.name)).toEqual([]);
    expect(new Set(titles).size).toBe(titles.length);
  });
});
