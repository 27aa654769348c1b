import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type pino from 'pino';
import { loadConfigOrExit, type Config } from './platform/config.js';
import { buildApp } from './app.js';
import { createAppLogger } from './platform/logger.js';
import { demoAccounts, demoShops, seedAdmin, seedDemo, seedDemoStories } from './seed.js';
import { startSystem, type System } from './system.js';
import { findUserByUsername } from './modules/users/projection.js';
import { roleLabels } from './modules/users/labels.js';

/** Composition root: config → database → event store → projections → http → listen. */
async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const { logger, file: logFile } = createAppLogger(config);
  const system: System = await startSystem(config, { logger });
  const stopping = shutdownOnSignals(system, logger);
  try {
    await serve(config, system, logger, stopping, logFile);
  } catch (error) {
    // Whatever failed after the database started must not leave the embedded server behind.
    await system.stop().catch(() => {});
    throw error;
  }
}

async function serve(config: Config, system: System, logger: pino.Logger, stopping: { add(step: () => Promise<unknown>): void }, logFile: string | null): Promise<void> {
  const seedDeps = {
    store: system.store,
    pool: system.pool,
    db: system.db,
    waitFor: (p: Parameters<typeof system.projections.waitFor>[0]) => system.projections.waitFor(p, 30_000),
  };
  if (system.firstStart && config.ADMIN_USERNAME && config.ADMIN_PASSWORD) {
    await seedAdmin(seedDeps, config.ADMIN_USERNAME, config.ADMIN_PASSWORD, config.ADMIN_EMAIL);
  }
  if (system.firstStart && config.SEED) {
    logger.info('first start: seeding the demo data');
    console.log('  Primo avvio: carico i dati dimostrativi…');
    await seedDemo(seedDeps);
    await seedDemoStories({ ...seedDeps, secret: system.secret });
  }

  const app = await buildApp({
    config,
    pool: system.pool,
    db: system.db,
    store: system.store,
    projections: system.projections,
    workers: system.workers,
    sessionKey: system.secret,
    logger,
    uploadsDir: path.resolve(config.DATA_DIR, 'uploads'),
  });
  stopping.add(() => closeServer(app));
  await app.listen({ port: config.PORT, host: config.HOST });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const host = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST;
  await printWelcome(system, `http://${host}:${port}`, logFile);
}

/**
 * Stops taking requests and lets those under way finish. A connection kept alive is closed as soon
 * as it has nothing under way: left open, the server waits for the client's keep-alive to lapse
 * (72 s), with every connection that answered while it was closing. Whatever is still open after
 * 5 s (a notification stream, a stuck client) is cut.
 */
/** How long a stop waits for the handlers of cut connections before it closes the database. */
const handlersGraceMs = 20_000;

async function closeServer(app: FastifyInstance): Promise<void> {
  const closed = app.close();
  const idle = setInterval(() => app.server.closeIdleConnections(), 100);
  const cut = setTimeout(() => app.server.closeAllConnections(), 5_000);
  try {
    await closed;
  } finally {
    clearInterval(idle);
    clearTimeout(cut);
  }
  // A cut connection leaves its handler at work (a loaded machine's slow request): the database
  // stays open until it ends, or for a while more at most.
  if (!(await app.handlersDone(handlersGraceMs))) app.log.warn('richieste ancora in corso alla chiusura del database');
}

async function printWelcome(system: System, url: string, logFile: string | null): Promise<void> {
  const lines = [`\n  Vicino è pronto su ${url}`, `  Event store: ${system.store.kind}`, `  Database: ${system.dataLocation}`];
  if (logFile) {
    const near = path.relative(process.cwd(), logFile);
    lines.push(`  Registro (richieste e dettagli): ${near.startsWith('..') ? logFile : near}; qui solo avvisi ed errori`);
  }
  const seeded = await findUserByUsername(system.pool, demoAccounts[0]!.username);
  if (seeded) {
    lines.push('', '  Account dimostrativi (username / password):');
    for (const a of demoAccounts) lines.push(`    ${roleLabels[a.role].padEnd(15)} ${a.username} / ${a.password}`);
    const others = demoShops.filter((shop) => !demoAccounts.some((a) => a.username === shop.owner.username));
    lines.push(`    altri negozianti (password ${demoAccounts[1]!.password}): ${others.map((shop) => shop.owner.username).join(', ')}`);
  }
  console.log(`${lines.join('\n')}\n`);
}

/** Ctrl-C or a stop signal closes the server, the projections and the embedded database cleanly. */
function shutdownOnSignals(system: System, logger: pino.Logger): { add(step: () => Promise<unknown>): void } {
  const steps: (() => Promise<unknown>)[] = [];
  let closing = false;
  const close = async (signal: string): Promise<void> => {
    // A second Ctrl-C while stopping: the user wants out now.
    if (closing) process.exit(130);
    closing = true;
    logger.info({ signal }, 'stopping');
    console.log('\n  Vicino si sta fermando…');
    system.projections.closing();
    // The HTTP server first, then the system: workers, read models, the log, and the embedded
    // database last (it runs in a process group of its own, so the terminal's Ctrl-C does not stop
    // it under them). Nothing said on the way out is an alarm: a line, no stack.
    const quietly = (err: unknown) => logger.warn({ reason: err instanceof Error ? err.message : String(err) }, 'durante l’arresto');
    for (const step of steps.reverse()) await step().catch(quietly);
    await system.stop().catch(quietly);
    logger.info('stopped');
    console.log('  Vicino si è fermato.');
    process.exit(0);
  };
  process.on('SIGINT', () => void close('SIGINT'));
  process.on('SIGTERM', () => void close('SIGTERM'));
  return { add: (step) => steps.push(step) };
}

main().catch((error: unknown) => {
  // One line naming the cause and what to do (DatabaseStartError says both), never a stack trace.
  const message = error instanceof Error ? error.message : String(error);
  console.error(`Vicino non si è avviato: ${message.split('\n')[0]}`);
  process.exit(1);
});
