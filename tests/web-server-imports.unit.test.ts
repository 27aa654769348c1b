import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * The web takes its types from the server's contracts, never their code: a contract's module runs
 * the server's zod setup (platform/http/schemas.ts sets zod's error map for the whole process) and
 * would ship every schema to the browser. Only the pure domain helpers (@platform/domain) and the
 * modules' Italian names of their states (@labels/<module>) run there, and a module's file of pure
 * code (@pure/<module>/<file>) that imports nothing but types.
 */

const typesOnly = /^@contracts\/|^@platform\/http\//;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Every import or re-export of the file, with its module and whether it is `import type`/`export type`. */
function importsOf(text: string): { from: string; typeOnly: boolean }[] {
  return [...text.matchAll(/^(?:import|export)\s+(type\s+)?[^;'"]*?\bfrom\s+['"]([^'"]+)['"]/gm)].map((m) => ({ from: m[2]!, typeOnly: Boolean(m[1]) }));
}

describe('the web app and the server code', () => {
  it('reads the contracts and the contract kit only for their types', () => {
    const valueImports = sources('web/src').flatMap((file) =>
      importsOf(readFileSync(file, 'utf8'))
        .filter((i) => typesOnly.test(i.from) && !i.typeOnly)
        .map((i) => `${file}: ${i.from}`),
    );
    expect(valueImports).toEqual([]);
  });

  it("runs of the server's modules only their Italian names of states (labels.ts), which import nothing", () => {
    const labelFiles = readdirSync('src/modules', { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => path.join('src/modules', entry.name, 'labels.ts'))
      .filter((file) => existsSync(file));
    expect(labelFiles.length).toBeGreaterThan(0);
    for (const file of labelFiles) expect(importsOf(readFileSync(file, 'utf8')), file).toEqual([]);
  });

  it('runs of a module only the files of pure code it names (@pure/<module>/<file>), which import nothing but types', () => {
    const pure = [...new Set(sources('web/src').flatMap((file) => importsOf(readFileSync(file, 'utf8')).map((i) => i.from).filter((from) => from.startsWith('@pure/'))))];
    for (const name of pure) {
      const file = path.join('src/modules', `${name.slice('@pure/'.length)}.ts`);
      expect(importsOf(readFileSync(file, 'utf8')).filter((i) => !i.typeOnly), file).toEqual([]);
    }
  });

  it('finds what it looks for', () => {
    expect(importsOf("import { ordersApi } from '@contracts/orders';\nimport type { ResponseOf } from '@platform/http/contract';")).toEqual([
      { from: '@contracts/orders', typeOnly: false },
      { from: '@platform/http/contract', typeOnly: true },
    ]);
  });
});
