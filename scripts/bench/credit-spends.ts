import type { FastifyInstance } from 'fastify';
import { changeCredits } from '../../src/modules/credits/commands.js';
import { balanceAt, creditsExpireAt, MAX_CREDITS_PER_MOVEMENT } from '../../src/modules/credits/ledger.js';
import { updateOpenAiSettings } from '../../src/modules/settings/commands.js';
import { derivedId } from '../../src/platform/commands/ids.js';
import { systemContext } from '../../src/platform/domain/context.js';
import { requireRole } from '../../src/platform/http/plugins/session.js';
import type { System } from '../../src/system.js';
import { chatProcess } from './support/chat-process.js';
import type { Cleanup } from './support/database.js';
import { postLoop, type PostPlan } from './support/post-loop.js';
import { formatNumber, type Report } from './support/report.js';
import { loggedInOver } from './support/server.js';

/*
 * The credit spends of `npm run bench:credits`: 32 connections, each a shopkeeper of its own with a
 * large balance, each POST a spend of 1 credit with a fresh Idempotency-Key (its spend id) through
 * the ledger's command as the AI functions spend (changeCredits: one after the other on a ledger
 * in a process, the expected revision against other processes), answered once the event is stored;
 * beside the no-op POST of the same server. Then the same 32 connections all on one shop's ledger
 * (every spend waits for the one before it), and whole AI calls through the loopback model (hold,
 * the model's answer through the official SDK, charge).
 */
export const spendConnections = 32;

/** The routes the load calls: one spend of 1 credit by the logged-in shopkeeper, by the request's key; and a no-op POST beside it. */
export function spendRoutes(system: System): (app: FastifyInstance) => void {
  return (app) => {
    app.route({ method: 'POST', url: '/api/bench/noop-post', handler: async () => ({ ok: true }) });
    app.route({
      method: 'POST',
      url: '/api/bench/spend',
      handler: async (request) => {
        const user = requireRole(request, 'shopkeeper');
        const spendId = derivedId('bench-spend', user.id, String(request.headers['idempotency-key']));
        const usage = { action: 'bench', description: 'Spesa di prova del benchmark', relatedEntity: null };
        const { state } = await changeCredits(system.store, user.id, { type: 'SpendCredits', spendId, credits: 1, usage, now: new Date() }, systemContext());
        return { balance: balanceAt(state, new Date()) };
      },
    });
  };
}

export async function creditSpends(system: System, base: string, cleanup: Cleanup, report: Report, { seconds }: { seconds: number }): Promise<void> {
  console.error(`[bench] credits: ${spendConnections} shopkeepers with ${MAX_CREDITS_PER_MOVEMENT.toLocaleString('en')} credits each`);
  const users: { id: string; cookie: string }[] = [];
  for (let i = 0; i < spendConnections; i++) {
    const username = `crediti-bench-${i}`;
    const user = await loggedInOver(base, system, { username, name: `Negozio Crediti ${i}`, email: `${username}@vicino.demo`, password: 'bench-password', role: 'shopkeeper' });
    const source = { kind: 'adjustment', reason: 'Crediti del benchmark' } as const;
    await changeCredits(
      system.store,
      user.id,
      { type: 'AddCredits', lotId: `bench-${i}`, credits: MAX_CREDITS_PER_MOVEMENT, expiresAt: creditsExpireAt(new Date()), source },
      systemContext(),
    );
    users.push(user);
  }
  const plan = (url: string, cookieOf: (c: number) => string): PostPlan => ({
    seconds,
    connections: Array.from({ length: spendConnections }, (_, c) => ({ cookie: cookieOf(c), posts: [{ url, body: {} }] })),
  });

  console.error('[bench] credits: no-op POST, 32 connections');
  const noop = await postLoop(plan(`${base}/api/bench/noop-post`, (c) => users[c]!.cookie));
  console.error('[bench] credits: spends, 32 connections, a ledger each');
  const spends = await postLoop(plan(`${base}/api/bench/spend`, (c) => users[c]!.cookie));
  console.error('[bench] credits: spends, 32 connections on one ledger');
  const oneLedger = await postLoop(plan(`${base}/api/bench/spend`, () => users[0]!.cookie));

  console.error('[bench] credits: AI calls through the loopback model, 32 connections');
  const model = await chatProcess();
  cleanup.add('stop the chat peer', async () => model.stop());
  const position = await updateOpenAiSettings(system, { isEnabled: true, baseUrl: model.url }, systemContext());
  if (position) await system.projections.waitFor(position, 30_000);
  const aiCalls = await postLoop({
    seconds,
    connections: users.map((u) => ({
      cookie: u.cookie,
      posts: [{ url: `${base}/api/ai/product-description`, body: { name: 'Caciotta di fattoria', category: 'Formaggi', notes: 'stagionata 20 giorni' } }],
    })),
  });

  const {
    rows: [spent],
  } = await system.pool.query<{ n: number }>("SELECT count(*)::int AS n FROM credit_movements WHERE action = 'bench'");
  const loop = report.loopRows(noop);
  report.add({ measurement: 'no-op POST, 32 connections', value: formatNumber(noop.perSecond), unit: 'req/s' });
  loop.rate('credit spends, 32 connections', spends, 'spends/s', 1000);
  loop.latency('  their latency (p50 / p95 / p99)', spends);
  loop.rate('credit spends, 32 connections, one ledger', oneLedger, 'spends/s');
  loop.rate('AI calls (hold, model, charge), 32 connections', aiCalls, 'calls/s');
  report.detail(
    `spends: statuses ${JSON.stringify(spends.statuses)}${spends.firstError ? `, first error: ${spends.firstError}` : ''}; one ledger: ${JSON.stringify(oneLedger.statuses)}; AI calls: ${JSON.stringify(aiCalls.statuses)}${aiCalls.firstError ? ` (${aiCalls.firstError})` : ''}`,
  );
  report.detail(
    `${spent!.n} spends recorded in the credits' read model, each answered after its event was stored; each POST a fresh Idempotency-Key (its spend id); the model a loopback chat-completions server in a process of its own, answering at once`,
  );
}
