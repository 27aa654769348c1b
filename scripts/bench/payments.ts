import { randomUUID } from 'node:crypto';
import { openPayment, updatePaymentSettings } from '../../src/modules/payments/commands.js';
import { activeTestAccountOf, applyAccountNews } from '../../src/modules/payments/accounts-commands.js';
import { paymentAccountDecider, paymentAccountStreamId } from '../../src/modules/payments/payment-account.js';
import { handleCommand } from '../../src/platform/commands/handle-command.js';
import { readPaymentSettings } from '../../src/modules/payments/queries.js';
import { providersOf } from '../../src/modules/payments/routes.js';
import { sandboxTransactionId, sandboxWebhook, type SandboxEvent } from '../../src/modules/payments/sandbox.js';
import { registerUser } from '../../src/modules/users/commands.js';
import { systemContext } from '../../src/platform/domain/context.js';
import { comparePositions } from '../../src/platform/eventstore/position.js';
import { ledgerRun, type LedgerFigures } from './support/ledger.js';
import type { Position } from '../../src/platform/eventstore/types.js';
import { aPayment } from '../../tests/support/payments.js';
import { Cleanup } from './support/database.js';
import { pickupTimeFor } from './support/pickup.js';
import { postLoop, type PostLoopResult, type PostPlan } from './support/post-loop.js';
import { formatNumber, Report } from './support/report.js';
import { loggedInOver, serveBench, startBenchSystem } from './support/server.js';
import { stripeProcess } from './support/stripe-process.js';
import { addToCart } from '../../src/modules/cart/commands.js';
import type { OpeningHours } from '../../src/modules/stores/store.js';
import { seedLarge } from '../../src/seed-large.js';
import type { System } from '../../src/system.js';

/*
 * npm run bench:payments [-- --quick]: providers' webhooks over HTTP with 16 connections, each a
 * signed event of its own (the sandbox's signature, verified as a real provider's is) that moves a
 * payment on — processing, then paid — and is answered once the payment's read model shows it;
 * beside a no-op POST of the same server driven by the same client. Every payment was opened
 * beforehand through the module's command, as a purchase opens it.
 *
 * Then the issue's second figure: checkout with a card payment, answered with the provider's
 * paymentUrl, against a cash checkout of the same shops in the same run. Customers whose carts hold
 * a line of every shop (shops that take cards) check one shop's line out at a steady rate of
 * arrivals, in alternating runs: cash, card through the sandbox (the app's own work: the order, its
 * payment opened and recorded), card through Stripe's SDK (against a loopback server speaking
 * Stripe's API, in a process of its own as Stripe is another machine: the SDK's HTTP call included), twice over so the machine's drift
 * cancels. Latency counts from when each checkout was due.
 *
 * `--webhooks`, `--two-shops`, `--ledger`: only that part.
 */
const quick = process.argv.includes('--quick');
/** `--ledger`: only the shops' ledger (issue [20]). */
const ledgerOnly = process.argv.includes('--ledger');
/** `--two-shops`: only the two-shop checkouts, cash against cards (issue [20]). */
const twoShopsOnly = process.argv.includes('--two-shops');
/** `--webhooks`: only the signed webhooks against the no-op POST (issue [10]). */
const webhooksOnly = process.argv.includes('--webhooks');
const connections = 16;
const seconds = quick ? 4 : 10;
const target = 500;
/** Enough payments for up to 1,500 webhooks a second (two events each), so no run runs dry. */
const payments = Math.ceil((1_500 * seconds) / 2);
/** The checkouts: shops and the steady rate of arrivals, with 16 connections. */
const checkoutShops = 20;
const checkoutRate = 60;
const checkoutSeconds = quick ? 3 : 6;
const checkoutKinds = ['cash', 'sandbox', 'stripe'] as const;
const checkoutRounds = 3;
/** Each run's customers, each with a line of every shop: enough for its checkouts with some to spare. */
const customersPerRun = Math.ceil((checkoutRate * checkoutSeconds * 1.3) / checkoutShops);
/** Two shops in one checkout (issue [20]), closed loop: cash against cards paid to each shop's account. */
const twoShopKinds = ['cash', 'stripe'] as const;
const twoShopSeconds = quick ? 3 : 5;
/** Each customer gives ten two-shop checkouts (its lines in pairs of shops): enough for 150 a second. */
const twoShopCustomersPerRun = Math.ceil((150 * twoShopSeconds) / (checkoutShops / 2));

/** The ledger's rows: its movements applied against the payments' read model of the same events, the month read. */
function ledgerRows(report: Report, ledger: LedgerFigures): void {
  report.add({
    measurement: `${formatNumber(ledger.movements)} ledger movements applied (5,000 sales, 5,000 refunds)`,
    value: formatNumber(ledger.ledgerSeconds, 2),
    unit: 's',
    baseline: formatNumber(ledger.paymentsSeconds, 2),
    ratio: (ledger.ledgerSeconds / ledger.paymentsSeconds).toFixed(2),
    target: '≤ 2 s',
    passed: ledger.ledgerSeconds <= 2,
  });
  report.add({ measurement: 'a month of a shop with 5,000 orders read (totals and movements)', value: formatNumber(ledger.monthSeconds * 1000, 1), unit: 'ms' });
  report.add({
    measurement: `the month's statement of that shop built (${formatNumber(ledger.statementLines)} lines: figures, CSV and PDF)`,
    value: formatNumber(ledger.statementSeconds, 2),
    unit: 's',
    baseline: formatNumber(ledger.monthSeconds, 2),
    ratio: (ledger.statementSeconds / ledger.monthSeconds).toFixed(1),
    target: '≤ 2 s',
    passed: ledger.statementSeconds <= 2,
  });
  report.detail(
    `ledger: the baseline is the same 20,000 payment events applied to the payments' own read model (payment_transactions), batches of 1,000 as the runner applies them`,
  );
  report.detail(
    `statement: its baseline is the same month's takings read for «Incassi» (200 movements listed); the statement lists them all (${formatNumber(ledger.statementBytes)} bytes of CSV and PDF; ${ledger.statementParts})`,
  );
}

/** The single-shop checkouts' rows: each card kind's p95 against cash's, then the two-shop checkouts. */
function checkoutRows(report: Report, checkouts: Awaited<ReturnType<typeof checkoutRuns>>): void {
  const p95 = (kind: (typeof checkoutKinds)[number]) => checkouts[kind].reduce((n, r) => n + r.p95, 0) / checkouts[kind].length;
  const clean = (kind: (typeof checkoutKinds)[number]) => checkouts[kind].every((r) => r.ok === r.answers && r.ok > 0);
  report.add({ measurement: `checkout, cash, ${checkoutRate}/s (p95)`, value: formatNumber(p95('cash'), 1), unit: 'ms' });
  for (const [kind, label] of [
    ['sandbox', 'card, test payments'],
    ['stripe', 'card, Stripe SDK'],
  ] as const) {
    report.add({
      measurement: `checkout, ${label}, until paymentUrl (p95)`,
      value: formatNumber(p95(kind), 1),
      unit: 'ms',
      baseline: formatNumber(p95('cash'), 1),
      ratio: (p95(kind) / p95('cash')).toFixed(2),
      target: '≤ 1.5 × cash',
      passed: p95(kind) <= 1.5 * p95('cash') && clean(kind) && clean('cash'),
    });
  }
  twoShopRows(report, checkouts.twoShops);
  for (const kind of checkoutKinds) {
    report.detail(
      `checkout ${kind}: ${checkouts[kind].map((r) => `p50/p95/p99 ${r.p50}/${r.p95}/${r.p99} ms, ${r.ok} of ${r.answers} answered 201 ${JSON.stringify(r.statuses)}${r.firstError ? ` (${r.firstError})` : ''}`).join('; ')}`,
    );
  }
}

/** The two-shop checkouts' rows: cards paid to each shop's account with its fee, against cash. */
function twoShopRows(report: Report, twoShops: Record<(typeof twoShopKinds)[number], PostLoopResult[]>): void {
  const okPerSecond = (kind: (typeof twoShopKinds)[number]) => twoShops[kind].reduce((n, r) => n + r.ok / r.seconds, 0) / twoShops[kind].length;
  report.add({
    measurement: 'two-shop checkout, cash (orders placed a second)',
    value: formatNumber(okPerSecond('cash'), 1),
    unit: 'checkouts/s',
  });
  report.add({
    measurement: 'two-shop checkout, cards to each shop’s Stripe account with its fee',
    value: formatNumber(okPerSecond('stripe'), 1),
    unit: 'checkouts/s',
    baseline: formatNumber(okPerSecond('cash'), 1),
    ratio: (okPerSecond('stripe') / okPerSecond('cash')).toFixed(2),
    target: '≥ 0.7 × cash',
    passed: okPerSecond('stripe') >= 0.7 * okPerSecond('cash') && twoShops.stripe.every((r) => r.ok === r.answers && r.ok > 0),
  });
  for (const kind of twoShopKinds) {
    report.detail(
      `two-shop checkout ${kind}: ${twoShops[kind].map((r) => `${r.ok} of ${r.answers} answered 201 in ${r.seconds.toFixed(1)} s, p95 ${r.p95} ms ${JSON.stringify(r.statuses)}${r.firstError ? ` (${r.firstError})` : ''}`).join('; ')}`,
    );
  }
}

/** `BENCH_CPU_PROFILE=<path prefix>`: the app's CPU profile of each measured two-shop run, to open in DevTools. */
async function profiling(): Promise<(file: string) => Promise<void>> {
  const { Session } = await import('node:inspector/promises');
  const { writeFile } = await import('node:fs/promises');
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return async (file) => {
    const { profile } = await session.post('Profiler.stop');
    await writeFile(file, JSON.stringify(profile));
    session.disconnect();
  };
}

async function main(): Promise<void> {
  const cleanup = new Cleanup();
  try {
    const { database, system } = await startBenchSystem(cleanup);
    const stripe = await stripeProcess();
    cleanup.add('stop the Stripe peer', async () => stripe.stop());
    const base = await serveBench(system, cleanup, { noop: 'POST', stripeApiUrl: stripe.url });
    const position = await updatePaymentSettings(system, { sandboxEnabled: true, stripeSecretKey: 'sk_test_bench', stripeWebhookSecret: stripe.webhookSecret }, systemContext());
    await system.projections.waitFor(position!, 30_000);
    const secret = (await readPaymentSettings(system.db)).sandboxWebhookSecret!;
    const { userId: payer, position: registered } = await registerUser(
      system,
      { username: 'negozio-bench', name: 'Negozio Bench', email: 'negozio-bench@vicino.demo', password: 'bench-password', role: 'shopkeeper' },
      systemContext(),
      { ignoreClosedRegistration: true },
    );
    await system.projections.waitFor(registered!, 30_000);

    if (ledgerOnly) {
      const ledger = await ledgerRun(system);
      const report = new Report();
      ledgerRows(report, ledger);
      console.log("\nPayments benchmark: the shops' ledger\n");
      report.print();
      return;
    }
    // The checkouts first, on a quiet database: the webhooks' thousands of updates would leave
    // their vacuuming to the checkouts' runs.
    const checkouts = webhooksOnly ? null : await checkoutRuns(system, base, stripe.url);
    if (twoShopsOnly && checkouts) {
      const report = new Report();
      twoShopRows(report, checkouts.twoShops);
      console.log('\nPayments benchmark: two-shop checkouts\n');
      report.print();
      return;
    }

    console.error(`[bench] opening ${payments} sandbox payments`);
    const providers = providersOf(system.db, async () => {});
    const fields = aPayment(payer);
    const ids: string[] = [];
    let last: Position | null = null;
    let next = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < payments) {
          next++;
          const opened = await openPayment({ store: system.store, providers }, { id: randomUUID(), fields, returnUrl: '/', cancelUrl: '/' }, systemContext());
          ids.push(opened.id);
          if (opened.position && (!last || comparePositions(opened.position, last) > 0)) last = opened.position;
        }
      }),
    );
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
        posts: ids.filter((_, i) => i % connections === c).flatMap((id) => (url ? [{ url, body: {} }] : [webhook(id, 'payment.processing'), webhook(id, 'payment.succeeded')])),
      })),
    });

    console.error('[bench] no-op POST, 16 connections');
    const noop = await postLoop(plan(`${base}/api/bench/noop`));
    console.error('[bench] signed webhooks, 16 connections');
    const hooks = await postLoop(plan());
    const {
      rows: [after],
    } = await system.pool.query<{ completed: number; processing: number }>(
      "SELECT count(*) FILTER (WHERE status = 'completed')::int AS completed, count(*) FILTER (WHERE status = 'processing')::int AS processing FROM payment_transactions",
    );

    const report = new Report();
    report.add({ measurement: 'no-op POST, 16 connections', value: formatNumber(noop.perSecond), unit: 'req/s' });
    const loop = report.loopRows(noop);
    loop.rate('signed webhooks applied, 16 connections', hooks, 'webhooks/s', target);
    loop.latency('  their latency (p50 / p95 / p99)', hooks);
    if (checkouts) checkoutRows(report, checkouts);
    report.detail(
      `each webhook a signed event of its own moving a payment on (processing, then paid), answered once the payment's read model shows it; statuses ${JSON.stringify(hooks.statuses)}${hooks.firstError ? `, first error: ${hooks.firstError}` : ''}`,
    );
    report.detail(`after: ${after!.completed} payments paid and ${after!.processing} processing, of ${payments} opened; ${database.description}`);
    if (checkouts) {
      report.detail(
        `checkouts: ${checkoutShops} shops taking cards, ${checkoutRate} arrivals a second dealt to 16 connections, ${checkoutSeconds} s a run, runs alternating ${checkoutKinds.join(' / ')} ×${checkoutRounds}; pickup, one shop's line per checkout; Stripe played by a loopback server in a process of its own`,
      );
    }
    if (!webhooksOnly) {
      console.error("[bench] the shops' ledger: 5,000 orders paid and refunded in part");
      ledgerRows(report, await ledgerRun(system));
    }
    console.log('\nPayments benchmark\n');
    report.print();
  } finally {
    await cleanup.runAll();
  }
}

/**
 * The checkout runs: shops that take cards, customers with a line of every shop in the cart, and
 * runs at a steady rate alternating cash, sandbox and Stripe. Each kind's runs.
 */
async function checkoutRuns(
  system: System,
  base: string,
  stripeUrl: string,
): Promise<Record<(typeof checkoutKinds)[number], PostLoopResult[]> & { twoShops: Record<(typeof twoShopKinds)[number], PostLoopResult[]> }> {
  console.error(`[bench] checkout: seeding ${checkoutShops} shops that take cards`);
  const seeded = await seedLarge(system.store, { stores: checkoutShops, products: checkoutShops * 10, stock: 100_000, onlinePayments: true });
  await system.projections.waitFor(seeded.last!, 300_000);
  const { rows: shopRows } = await system.pool.query<{ id: string; opening_hours: OpeningHours; products: string[] }>(
    `SELECT s.id, s.opening_hours, array_agg(p.id ORDER BY p.id) AS products FROM stores s JOIN products p ON p.store_id = s.id
     WHERE s.online_payments_enabled GROUP BY s.id ORDER BY s.id`,
  );
  // Each shop paid to its own accounts (issue [20]): its test account, and a Stripe account enabled at the loopback Stripe.
  console.error(`[bench] checkout: the shops' payment accounts`);
  for (const shop of shopRows) {
    const tested = await activeTestAccountOf(system.store, shop.id, systemContext());
    const made = await fetch(`${stripeUrl}/v1/accounts`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk_test_bench', 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ type: 'express', country: 'IT', 'metadata[holderKind]': 'store', 'metadata[holderId]': shop.id }),
    });
    const { id: accountId } = (await made.json()) as { id: string };
    const enabled = { chargesEnabled: true, payoutsEnabled: true, detailsSubmitted: true, missing: [], pendingVerification: [], disabledReason: null };
    await handleCommand(
      system.store,
      paymentAccountStreamId('store', shop.id),
      paymentAccountDecider,
      { type: 'ConnectAccount', holderKind: 'store', holderId: shop.id, provider: 'stripe', accountId },
      systemContext(),
    );
    const position = await applyAccountNews(
      system,
      'stripe',
      { accountId, holder: { kind: 'store', id: shop.id }, ...enabled, observedAt: new Date().toISOString() },
      null,
      systemContext(),
    );
    await system.projections.waitFor((position ?? tested)!, 30_000);
  }
  const runs = twoShopsOnly ? 0 : checkoutKinds.length * (checkoutRounds + 1);
  const twoShopRuns = twoShopKinds.length * (checkoutRounds + 1);
  const customerCount = runs * customersPerRun + twoShopRuns * twoShopCustomersPerRun;
  console.error(`[bench] checkout: ${customerCount} customers, each with a line of every shop`);
  const customers = new Array<{ id: string; cookie: string }>(customerCount);
  let next = 0;
  let last: Position | null = null;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < customerCount) {
        const i = next++;
        const username = `cliente-carta-${i}`;
        const customer = await loggedInOver(base, system, { username, name: `Cliente ${i}`, email: `${username}@vicino.demo`, password: 'bench-password', role: 'customer' });
        customers[i] = customer;
        for (const [s, shop] of shopRows.entries()) {
          const position = await addToCart(system, customer.id, { productId: shop.products[(i + s) % shop.products.length]!, quantity: 1 }, systemContext());
          if (position && (!last || comparePositions(position, last) > 0)) last = position;
        }
      }
    }),
  );
  await system.projections.waitFor(last!, 120_000);
  // The set-up's rows settled (vacuumed, their statistics known) before anything is measured.
  await system.pool.query('VACUUM ANALYZE');
  const pickupTime = pickupTimeFor(shopRows[0]!.opening_hours);
  const details = { customerName: 'Cliente Prova', customerPhone: '+39 333 0000000', customerEmail: 'cliente@vicino.demo' };
  const plan = (run: number, paymentMethod: string): PostPlan => {
    const mine = customers.slice(run * customersPerRun, (run + 1) * customersPerRun);
    // Every (customer, shop) line once, spread over the 16 connections.
    const posts = shopRows.flatMap((shop) =>
      mine.map((customer) => ({
        url: `${base}/api/orders/checkout`,
        body: { ...details, paymentMethod, stores: [{ storeId: shop.id, deliveryType: 'pickup', pickupTime }] },
        cookie: customer.cookie,
      })),
    );
    return {
      seconds: checkoutSeconds,
      rate: checkoutRate,
      connections: Array.from({ length: connections }, (_, c) => ({ cookie: '', posts: posts.filter((_, i) => i % connections === c) })),
    };
  };
  const results = { cash: [], sandbox: [], stripe: [] } as Record<(typeof checkoutKinds)[number], PostLoopResult[]>;
  let run = 0;
  // A first run of each kind, not counted: the code paths warm (the SDK's first call, the JIT).
  for (const kind of twoShopsOnly ? [] : checkoutKinds) {
    console.error(`[bench] checkout, ${kind}, warm-up`);
    await postLoop({ ...plan(run++, kind), seconds: 1 });
  }
  for (let round = 0; round < (twoShopsOnly ? 0 : checkoutRounds); round++) {
    for (const kind of checkoutKinds) {
      console.error(`[bench] checkout, ${kind}, ${checkoutRate}/s (round ${round + 1})`);
      results[kind].push(await postLoop(plan(run++, kind)));
    }
  }

  // Two shops in one checkout, as fast as the answers come (closed loop): cash, and cards paid to each shop's Stripe account with its fee.
  const twoShopPlan = (index: number, paymentMethod: string): PostPlan => {
    const first = runs * customersPerRun + index * twoShopCustomersPerRun;
    const mine = customers.slice(first, first + twoShopCustomersPerRun);
    // Each customer's lines in pairs of shops (0 and 1, 2 and 3…): ten two-shop checkouts each, each pair once.
    const posts = Array.from({ length: shopRows.length / 2 }, (_, pair) =>
      mine.map((customer) => ({
        url: `${base}/api/orders/checkout`,
        body: { ...details, paymentMethod, stores: [shopRows[2 * pair]!, shopRows[2 * pair + 1]!].map((shop) => ({ storeId: shop.id, deliveryType: 'pickup', pickupTime })) },
        cookie: customer.cookie,
      })),
    ).flat();
    return {
      seconds: twoShopSeconds,
      once: true,
      connections: Array.from({ length: connections }, (_, c) => ({ cookie: '', posts: posts.filter((_, i) => i % connections === c) })),
    };
  };
  const twoShops = { cash: [], stripe: [] } as Record<(typeof twoShopKinds)[number], PostLoopResult[]>;
  let twoShopRun = 0;
  for (const kind of twoShopKinds) {
    console.error(`[bench] two-shop checkout, ${kind}, warm-up`);
    await postLoop({ ...twoShopPlan(twoShopRun++, kind), seconds: 1 });
  }
  for (let round = 0; round < checkoutRounds; round++) {
    for (const kind of twoShopKinds) {
      console.error(`[bench] two-shop checkout, ${kind}, closed loop (round ${round + 1})`);
      const profile = process.env.BENCH_CPU_PROFILE ? await profiling() : null;
      twoShops[kind].push(await postLoop(twoShopPlan(twoShopRun++, kind)));
      if (profile) await profile(`${process.env.BENCH_CPU_PROFILE}-${kind}-${round}.cpuprofile`);
    }
  }
  return { ...results, twoShops };
}

await main();
