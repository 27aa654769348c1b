import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { boundaryErrors } from '../tests/support/boundaries.js';

/*
 * The layout's rules (docs/architecture.md), read off the imports of the source files: what a
 * newcomer is told about the house must stay true of it. The rules that follow a file's imports to
 * the end (a decider's, a contract's) are held here; those one file's imports can break are held by
 * ESLint (eslint/boundaries.js), and proved here to say what they should.
 */

const root = path.resolve(import.meta.dirname, '..');
const src = path.join(root, 'src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

interface Import {
  /** The file it names, or the package's name. */
  target: string;
  typeOnly: boolean;
}

function importsOf(file: string): Import[] {
  const text = readFileSync(file, 'utf8');
  const found: Import[] = [];
  for (const match of text.matchAll(/^(?:import|export)\s+(type\s+)?(?:[^'"]*?\s+from\s+)?['"]([^'"]+)['"]/gm)) {
    const [, type, spec] = match as unknown as [string, string | undefined, string];
    const target = spec.startsWith('.') ? path.resolve(path.dirname(file), spec).replace(/\.js$/, '.ts') : spec;
    found.push({ target, typeOnly: Boolean(type) });
  }
  return found;
}

const rel = (file: string) => path.relative(root, file);
const files = sourceFiles(src);
const inside = (dir: string) => (file: string) => file.startsWith(path.join(src, dir) + path.sep);

/** Every file `file` needs at run time, itself included (type-only imports are erased). */
function runtimeClosure(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const i of importsOf(file)) if (!i.typeOnly && i.target.startsWith(src)) runtimeClosure(i.target, seen);
  return seen;
}

/** A server file the web may run: no contract (its schemas and the HTTP kit's zod set-up would come along), nothing of the HTTP kit or of I/O. */
const pureForTheWeb = (file: string): boolean => path.basename(file) !== 'contract.ts' && !withIo(file);

/** Packages and folders that do I/O: a decider's closure holds none of them. */
const withIo = (target: string): boolean =>
  /^(node:|pg$|slonik|fastify|@fastify|pino|web-push|@eventstore)/.test(target) ||
  ['eventstore', 'db', 'http', 'projections', 'commands', 'processes'].some((dir) => target.startsWith(path.join(src, 'platform', dir) + path.sep));

describe('the layout', () => {
  it('keeps deciders pure: nothing a decider needs at run time does I/O', () => {
    // A decider's file says what it returns: `Decider<Command, Event, State>`.
    const deciders = files.filter(inside('modules')).filter((file) => /\bDecider<\w/.test(readFileSync(file, 'utf8')));
    expect(deciders.length).toBeGreaterThan(10);
    const wrong = deciders.flatMap((file) =>
      [...runtimeClosure(file)].flatMap((needed) =>
        importsOf(needed)
          .filter((i) => !i.typeOnly && withIo(i.target))
          .map((i) => `${rel(file)} (via ${rel(needed)}) → ${i.target.startsWith(src) ? rel(i.target) : i.target}`),
      ),
    );
    expect(wrong).toEqual([]);
  });

  // The rules one file's imports can break are ESLint's (eslint/boundaries.js, `npm run lint`); here,
  // that each says what it should.
  it('has the platform import no module: modules use the platform, never the reverse', async () => {
    expect(await boundaryErrors('src/platform/http/server.ts', "import { ordersModule } from '../../modules/orders/module.js';")).toEqual([
      expect.stringMatching(/^no-restricted-imports: .*The platform imports no module/),
    ]);
    expect(await boundaryErrors('src/platform/http/server.ts', "import { DomainError } from '../domain/errors.js';")).toEqual([]);
    // A platform test may set a module up.
    expect(await boundaryErrors('src/platform/http/server.int.test.ts', "import { ordersModule } from '../../modules/orders/module.js';")).toEqual([]);
  });

  it('has routes ask commands, never handleCommand themselves', async () => {
    for (const file of ['src/modules/orders/routes.ts', 'src/modules/users/auth-routes.ts'])
      expect(await boundaryErrors(file, "import { handleCommand } from '../../platform/commands/handle-command.js';"), file).toEqual([
        expect.stringMatching(/^no-restricted-imports: .*never handleCommand/),
      ]);
    expect(await boundaryErrors('src/modules/orders/commands.ts', "import { handleCommand } from '../../platform/commands/handle-command.js';")).toEqual([]);
  });

  it('keeps each module’s contract importable by the web: zod and pure files only at run time', () => {
    const contracts = files.filter((file) => path.basename(file) === 'contract.ts');
    expect(contracts).toContain(path.join(src, 'platform/http/contract.ts'));
    expect(contracts.length).toBeGreaterThan(0);
    const wrong = contracts.flatMap((file) =>
      [...runtimeClosure(file)].flatMap((needed) =>
        importsOf(needed)
          .filter((i) => !i.typeOnly && !i.target.startsWith(src) && i.target !== 'zod')
          .map((i) => `${rel(file)} (via ${rel(needed)}) → ${i.target}`),
      ),
    );
    expect(wrong).toEqual([]);
  });

  it('lets the web import at run time only server files whose whole closure is pure (zod at the most)', () => {
    // The aliases of web/vite.config.ts (serverAliases): a contract, the platform's http and domain kits, a module's labels.ts or any pure file.
    const aliases: [RegExp, (m: RegExpExecArray) => string][] = [
      [/^@contracts\/(.+)$/, (m) => path.join(src, 'modules', m[1]!, 'contract.ts')],
      [/^@platform\/(http|domain)\/(.+)$/, (m) => path.join(src, 'platform', m[1]!, `${m[2]}.ts`)],
      [/^@labels\/(.+)$/, (m) => path.join(src, 'modules', m[1]!, 'labels.ts')],
      [/^@pure\/([^/]+)\/(.+)$/, (m) => path.join(src, 'modules', m[1]!, `${m[2]}.ts`)],
    ];
    const webSrc = path.join(root, 'web', 'src');
    const webFiles = (function walk(dir: string): string[] {
      return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) return walk(full);
        return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
      });
    })(webSrc);
    const imported = new Set<string>();
    for (const file of webFiles) {
      for (const i of importsOf(file)) {
        if (i.typeOnly) continue;
        for (const [pattern, target] of aliases) {
          const m = pattern.exec(i.target);
          if (m) imported.add(target(m));
        }
      }
    }
    expect([...imported].map(rel)).toContain('src/modules/orders/delivery.ts');
    const wrong = [...imported].flatMap((file) =>
      [...runtimeClosure(file)].flatMap((needed) =>
        importsOf(needed)
          .filter((i) => !i.typeOnly && (i.target.startsWith(src) ? !pureForTheWeb(i.target) : i.target !== 'zod'))
          .map((i) => `${rel(file)} (via ${rel(needed)}) → ${i.target.startsWith(src) ? rel(i.target) : i.target}`),
      ),
    );
    expect(wrong).toEqual([]);
    // What it refuses: a contract or the HTTP kit (platform/http/schemas.ts sets zod's error map for the whole process).
    expect(pureForTheWeb(path.join(src, 'modules', 'orders', 'contract.ts'))).toBe(false);
    expect(pureForTheWeb(path.join(src, 'platform', 'http', 'schemas.ts'))).toBe(false);
    expect(pureForTheWeb(path.join(src, 'platform', 'domain', 'formats.ts'))).toBe(true);
  });

  it('keeps SQL out of commands and routes: reads go through queries.ts, other writes through a named function', () => {
    // A statement's text (SELECT/INSERT/UPDATE/DELETE … in a string) or a call that sends one (`.query(`, slonik's sql tag).
    const sqlIn = /\.query\s*[<(]|\bsql(?:\.\w+)?`|['"`]\s*(?:SELECT|INSERT\s+INTO|UPDATE\s+\w+\s+SET|DELETE\s+FROM|WITH\s+\w+\s+AS)\b|\((?:SELECT|INSERT|UPDATE|DELETE)\s/;
    const commandsAndRoutes = files.filter(inside('modules')).filter((file) => /(?:^|-)(?:commands|routes)\.ts$/.test(path.basename(file)));
    expect(commandsAndRoutes.length).toBeGreaterThan(40);
    const wrong = commandsAndRoutes.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) => (sqlIn.test(line) ? [`${rel(file)}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(wrong).toEqual([]);
    for (const line of [
      "const { rows } = await pool.query('SELECT 1')",
      'await db.one(sql.type(row)`SELECT 1`)',
      "select: 's.*, coalesce((SELECT views FROM store_views v WHERE v.store_id = s.id), 0)::int AS views',",
      '`INSERT INTO email_logs (id) VALUES ($1)`',
    ])
      expect(sqlIn.test(line), line).toBe(true);
    for (const line of ['// Select the first one', "throw new DomainError('Seleziona un negozio.', 'rule');", 'await request.settle(position);'])
      expect(sqlIn.test(line), line).toBe(false);
  });

  it('makes each query’s row schema once, not on every call (zod compiles a schema on its first use)', () => {
    const madeInTheCall = files.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) => (/sql\.type\((?![\w$.]+\))/.test(line) ? [`${rel(file)}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(madeInTheCall).toEqual([]);
    expect(/sql\.type\((?![\w$.]+\))/.test('db.any(sql.type(z.object({ n: z.number() }))`SELECT 1`)')).toBe(true);
    expect(/sql\.type\((?![\w$.]+\))/.test('db.any(sql.type(list.row)`SELECT 1`)')).toBe(false);
  });

  it('has each module’s migrations say that module: NNN_<module>_<what>.sql in src/modules/<module>/migrations/', () => {
    const modules = readdirSync(path.join(src, 'modules'), { withFileTypes: true }).filter((d) => d.isDirectory());
    const migrations = modules.flatMap(({ name: module }) => {
      const dir = path.join(src, 'modules', module, 'migrations');
      return readdirSync(path.dirname(dir)).includes('migrations') ? readdirSync(dir).map((file) => ({ module, file })) : [];
    });
    expect(migrations.length).toBeGreaterThan(50);
    const saysItsModule = ({ module, file }: { module: string; file: string }) => new RegExp(`^\\d{3}_${module}_[a-z0-9_]+\\.sql$`).test(file);
    expect(migrations.filter((m) => !saysItsModule(m)).map(({ module, file }) => `src/modules/${module}/migrations/${file}`)).toEqual([]);
    // What it refuses: another module's name, a name without the module, a file that is no migration.
    expect(saysItsModule({ module: 'orders', file: '039_payments_orders.sql' })).toBe(false);
    expect(saysItsModule({ module: 'orders', file: '039_payments.sql' })).toBe(false);
    expect(saysItsModule({ module: 'orders', file: 'notes.md' })).toBe(false);
    expect(saysItsModule({ module: 'orders', file: '039_orders_payments.sql' })).toBe(true);
  });

  it('has every module’s folder on the map (docs/architecture.md), with a line saying what it owns', () => {
    const map = readFileSync(path.join(root, 'docs/architecture.md'), 'utf8');
    const folders = readdirSync(path.join(src, 'modules'), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
    expect(folders.length).toBeGreaterThan(20);
    expect(folders.filter((folder) => !new RegExp(`^ {4}${folder}/ +\\S`, 'm').test(map))).toEqual([]);
  });
});
