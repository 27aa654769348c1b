import { randomUUID } from 'node:crypto';
import { openPayment, updatePaymentSettings } from '../../src/modules/payments/commands.js';
import type { PaymentFields } from '../../src/modules/payments/decider.js';
import { readPaymentSettings } from '../../src/modules/payments/queries.js';
import { providersOf } from '../../src/modules/payments/routes.js';
import { sandboxTransactionId, sandboxWebhook, type SandboxEvent } from '../../src/modules/payments/sandbox.js';
import { registerUser } from '../../src/modules/users/commands.js';
import { systemContext } from '../../src/platform/domain/context.js';
import { comparePositions } from '../../src/platform/eventstore/position.js';
import type { Position } from '../../src/platform/eventstore/types.js';
import { Cleanup } from './support/database.js';
import { postLoop, type PostPlan } from './support/post-loop.js';
import { formatNumber, Report } from './support/report.js';
import { serveBench, startBenchSystem } from './support/server.js';

/*
 * npm run bench:payments [-- --quick]: providers' webhooks over HTTP with 16 connections, each a
 * signed event of its own (the sandbox's signature, verified as a real provider's is) that moves a
 * payment on — processing, then paid — and is answered once the payment's read model shows it;
 * beside a no-op POST of the same server driven by the same client. Every payment was opened
 * beforehand through the module's command, as a purchase opens it.
 *
 * The issue's second figure, checkout with a card payment (until its paymentUrl) against a cash
 * checkout, joins this script with the checkout by card.
 */
const quick = process.argv.includes('--quick');
const connections = 16;
const seconds = quick ? 4 : 10;
const target = 500;
/** Enough payments for up to 1,500 webhooks a second (two events each), so no run runs dry. */
const payments = Math.ceil((1_500 * seconds) / 2);

async function main(): Promise<void> {
  const cleanup = new Cleanup();
  try {
    const { database, system } = await startBenchSystem(cleanup);
    const base = await serveBench(system, cleanup, { noop: 'POST' });
    const position = await updatePaymentSettings(system, { sandboxEnabled: true }, systemContext());
    await system.projections.waitFor(position!, 30_000);
    const secret = (await readPaymentSettings(system.db)).sandboxWebhookSecret!;
    const { userId: payer, position: registered } = await registerUser(
      system,
      { username: 'negozio-bench', name: 'Negozio Bench', email: 'negozio-bench@vicino.demo', password: 'bench-password', role: 'shopkeeper' },
      systemContext(),
      { ignoreClosedRegistration: true },
    );
    await system.projections.waitFor(registered!, 30_000);

    console.error(`[bench] opening ${payments} sandbox payments`);
    const providers = providersOf(system.db, async () => {});
    const fields: PaymentFields = {
      userId: payer, transactionType: 'package_purchase', amountCents: 2990, currency: 'EUR', paymentMethod: 'credit_card', paymentProvider: 'sandbox',
      description: 'Piano Premium, 30 giorni', packageId: null, assignmentId: null, metadata: { purpose: { kind: 'test' } },
    };
    const ids: string[] = [];
    let last: Position | null = null;
    let next = 0;
    await Promise.all(Array.from({ length: 8 }, async () => {
      while (next < payments) {
        next++;
        const opened = await openPayment({ store: system.store, providers }, { id: randomUUID(), fields, returnUrl: '/', cancelUrl: '/' }, systemContext());
        ids.push(opened.id);
        if (opened.position && (!last || comparePositions(opened.position, last) > 0)) last = opened.position;
      }
    }));
    await system.projections.waitFor(last!, 300_000);

    // Each connection its own payments, each payment's two events in order: processing, then paid.
    type Post = PostPlan['connections'][number]['posts'][number];
    const webhook = (paymentId: string, type: SandboxEvent['type']): Post => {
      const { body, headers } = sandboxWebhook(secret, { id: `evt_${randomUUID()}`, type, paymentId, providerTransactionId: sandboxTransactionId(paymentId) }, new Date());
      return { url: `${base}/api/payments/sandbox/webhook`, raw: body, headers: headers as Record<string, string> };
    };
    const plan = (url?: string): PostPlan => ({
      seconds,
      connections: Array.from({ length: connections }, (_, c) => ({
        cookie: '',
        posts: ids.filter((_, i) => i % connections === c).flatMap((id) =>
          url ? [{ url, body: {} } as Post] : [webhook(id, 'payment.processing'), webhook(id, 'payment.succeeded')]),
      })),
    });

    console.error('[bench] no-op POST, 16 connections');
    const noop = await postLoop(plan(`${base}/api/bench/noop`));
    console.error('[bench] signed webhooks, 16 connections');
    const hooks = await postLoop(plan());
    const { rows: [after] } = await system.pool.query<{ completed: number; processing: number }>(
      "SELECT count(*) FILTER (WHERE status = 'completed')::int AS completed, count(*) FILTER (WHERE status = 'processing')::int AS processing FROM payment_transactions",
    );

    const report = new Report();
    report.add({ measurement: 'no-op POST, 16 connections', value: formatNumber(noop.perSecond), unit: 'req/s' });
    report.add({
      measurement: 'signed webhooks applied, 16 connections',
      value: formatNumber(hooks.ok / hooks.seconds),
      unit: 'webhooks/s',
      baseline: formatNumber(noop.perSecond),
      ratio: (hooks.ok / hooks.seconds / noop.perSecond).toFixed(2),
      target: `≥ ${target} webhooks/s`,
      passed: hooks.ok / hooks.seconds >= target && hooks.ok === hooks.answers,
    });
    report.add({ measurement: '  their latency (p50 / p95 / p99)', value: `${hooks.p50} / ${hooks.p95} / ${hooks.p99}`, unit: 'ms', baseline: String(noop.p95), ratio: (hooks.p95 / noop.p95).toFixed(1) });
    report.detail(`each webhook a signed event of its own moving a payment on (processing, then paid), answered once the payment's read model shows it; statuses ${JSON.stringify(hooks.statuses)}${hooks.firstError ? `, first error: ${hooks.firstError}` : ''}`);
    report.detail(`after: ${after!.completed} payments paid and ${after!.processing} processing, of ${payments} opened; ${database.description}`);
    report.detail('checkout with a card payment against a cash checkout: joins this script with the checkout by card');
    console.log('\nPayments benchmark\n');
    report.print();
  } finally {
    await cleanup.runAll();
  }
}

await main();
