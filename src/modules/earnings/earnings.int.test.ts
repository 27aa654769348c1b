import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../tests/support/app.js';
import { madeBeforeAll } from '../../../tests/support/made.js';
import { checkout, loggedIn, openShop, pickupSoon, useLoggedIn, useShop, withCart, type Person } from '../../../tests/support/marketplace.js';
import { hangAfter } from '../../../tests/support/time-limits.js';
import { systemContext } from '../../platform/domain/context.js';
import { commissionCents } from '../payments/commission.js';
import { refundPart } from '../payments/commands.js';
import { backgroundProviders } from '../payments/routes.js';
import { payOutTestAccounts } from './test-payouts.js';
import { payOutTestAccount } from '../payments/sandbox-payouts.js';
import { closeMonth } from './month-close.js';
import { statementStreamId } from './statement.js';

const t = useTestApp();
const admin = useLoggedIn(t, 'admin');
const sandboxOn = madeBeforeAll(async () => {
  const res = await admin.browser.request('PUT', '/api/admin/payment-settings/current', { sandboxEnabled: true });
  expect(res.statusCode, res.body).toBe(200);
  return { on: true };
});

/** `who` orders their cart at the shop, paid with the test payments: the order's payment id once paid. */
async function paidOrder(who: Person, storeId: string): Promise<string> {
  const placed = await checkout(who, [{ storeId, deliveryType: 'pickup', pickupTime: pickupSoon() }], randomUUID(), { paymentMethod: 'sandbox' });
  expect(placed.statusCode, placed.body).toBe(201);
  const paymentId = new URL(placed.json().orders[0].paymentUrl, 'http://x').pathname.split('/').pop()!;
  expect((await who.browser.post(`/api/payments/sandbox/${paymentId}/pay`)).statusCode).toBe(200);
  return paymentId;
}

describe('a shop’s takings', () => {
  const shop = useShop(t, admin, {
    name: 'Forno Incassi',
    store: { onlinePaymentsEnabled: true, stripePaymentsEnabled: true },
    products: [{ name: 'Focaccia', price: 4.55, stockQuantity: 50 }],
  });
  const other = useShop(t, admin, { name: 'Bottega Altra' });

  it('lists each order paid online with its gross, the commission and the net; a refund in parts takes back its share of each', async () => {
    expect(sandboxOn.on).toBe(true);
    const { commissionPercentage } = (await shop.owner.browser.get('/api/stores/me/payment-accounts')).json();
    const first = await withCart(t, [[shop.productIds[0]!, 2]]);
    const firstPayment = await paidOrder(first, shop.store.id);
    const second = await withCart(t, [[shop.productIds[0]!, 1]]);
    await paidOrder(second, shop.store.id);
    // Cash is no takings of the provider's.
    const cash = await withCart(t, [[shop.productIds[0]!, 1]]);
    expect((await checkout(cash, [{ storeId: shop.store.id, deliveryType: 'pickup', pickupTime: pickupSoon() }])).statusCode).toBe(201);

    const feeOf = (cents: number) => commissionCents(cents, commissionPercentage);
    const read = async () => (await shop.owner.browser.get('/api/earnings/mine')).json();
    await expect.poll(async () => (await read()).totals.sales, { timeout: hangAfter(10_000) }).toBe(2);
    const paid = await read();
    expect(paid.totals).toEqual({
      sales: 2,
      gross: 13.65,
      fees: (feeOf(910) + feeOf(455)) / 100,
      refunds: 0,
      chargebacks: 0,
      net: (1365 - feeOf(910) - feeOf(455)) / 100,
      payouts: 0,
    });
    expect(paid.movements.map((m: { kind: string; gross: number }) => [m.kind, m.gross])).toEqual([
      ['sale', 4.55],
      ['sale', 9.1],
    ]);
    expect(paid.movements[1]).toMatchObject({ fee: feeOf(910) / 100, net: (910 - feeOf(910)) / 100, description: 'Ordine presso «Forno Incassi»', provider: 'sandbox' });

    // The first order refunded in two parts (a dispute's compensation, then the rest): its fee comes back whole.
    const providers = backgroundProviders(t.system);
    await refundPart({ store: t.system.store, providers }, firstPayment, { refundKey: 'parte-1', amountCents: 300, reason: 'Indennizzo' }, systemContext());
    await refundPart({ store: t.system.store, providers }, firstPayment, { refundKey: 'parte-2', amountCents: 610, reason: 'Reso' }, systemContext());
    await expect.poll(async () => (await read()).totals.refunds, { timeout: hangAfter(10_000) }).toBe(9.1);
    const refunded = await read();
    expect(refunded.totals).toEqual({ sales: 2, gross: 13.65, fees: feeOf(455) / 100, refunds: 9.1, chargebacks: 0, net: (455 - feeOf(455)) / 100, payouts: 0 });
    // Sold today: all of it still on its way (the test payments' payout delay).
    expect(refunded.balance).toEqual({ total: refunded.totals.net, pending: refunded.totals.net, available: 0 });

    // A period without movements; a period the wrong way round; another shop's and a customer's view.
    const empty = (await shop.owner.browser.get('/api/earnings/mine?from=2020-01-01&to=2020-01-31')).json();
    expect(empty).toMatchObject({
      period: { from: '2020-01-01', to: '2020-01-31' },
      totals: { sales: 0, gross: 0, fees: 0, refunds: 0, chargebacks: 0, net: 0, payouts: 0 },
      movements: [],
      more: false,
    });
    expect(empty.balance).toEqual(refunded.balance);
    const backwards = await shop.owner.browser.get('/api/earnings/mine?from=2026-02-01&to=2026-01-01');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().errors.to).toContain('Il periodo finisce prima di cominciare');
    expect((await shop.owner.browser.get('/api/earnings/mine?from=ieri')).statusCode).toBe(400);
    expect((await other.owner.browser.get('/api/earnings/mine')).json()).toMatchObject({ totals: { sales: 0 }, movements: [] });
    expect((await first.browser.get('/api/earnings/mine')).statusCode).toBe(403);
  });

  it('is paid out by the test payments once a day: the available balance to the shop’s bank, once, whatever runs again', async () => {
    const customer = await withCart(t, [[shop.productIds[0]!, 3]]);
    await paidOrder(customer, shop.store.id);
    const read = async () => (await shop.owner.browser.get('/api/earnings/mine')).json();
    await expect.poll(async () => (await read()).totals.sales, { timeout: hangAfter(10_000) }).toBe(3);
    const before = await read();
    expect(before.balance.available).toBe(0);
    // Today nothing is available yet: no payout.
    expect(await payOutTestAccounts(t.system, new Date())).toEqual({ paid: 0, failed: 0 });
    // Three days on, the sales are available: one payout of all of it, and a run again that day pays nothing.
    const later = new Date(Date.now() + 3 * 86_400_000);
    const first = await payOutTestAccounts(t.system, later);
    expect(first.failed).toBe(0);
    expect(first.paid).toBeGreaterThanOrEqual(1);
    await expect.poll(async () => (await read()).payouts.length, { timeout: hangAfter(10_000) }).toBe(1);
    const again = await payOutTestAccounts(t.system, later);
    expect(again).toEqual({ paid: 0, failed: 0 });
    // The payout is dated the day it was made (three days on).
    const day = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(d);
    const after = (await shop.owner.browser.get(`/api/earnings/mine?from=${day(new Date())}&to=${day(later)}`)).json();
    expect(after.payouts[0]).toMatchObject({ provider: 'sandbox', amount: before.balance.total, status: 'paid', failure: null });
    expect(after.balance).toEqual({ total: 0, pending: 0, available: 0 });
    expect(after.totals.payouts).toBe(before.balance.total);
    expect(after.movements[0]).toMatchObject({
      kind: 'payout',
      net: -before.balance.total,
      description: expect.stringMatching(/^Bonifico alla banca, in arrivo il \d{2}\/\d{2}\/\d{4}$/),
    });
    // The shop's history names it in Italian.
    const history = (await admin.browser.get(`/api/admin/history/store-payment-accounts/${shop.store.id}`)).json();
    expect(JSON.stringify(history)).toContain('Bonifico del saldo alla banca del titolare');
  });

  it('closes the month: each shop’s statement issued once and mailed, downloadable as CSV and PDF by the shop and the admin, to the cent', async () => {
    const read = async () => (await shop.owner.browser.get('/api/earnings/mine')).json();
    await expect.poll(async () => (await read()).totals.sales, { timeout: hangAfter(10_000) }).toBeGreaterThanOrEqual(3);
    const month = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome', year: 'numeric', month: '2-digit' }).format(new Date());
    const months = (await shop.owner.browser.get('/api/earnings/mine/statements')).json().months;
    expect(months[0]).toMatchObject({ month, provisional: true });
    expect(months[0].sales).toBeGreaterThanOrEqual(3);

    // The month in progress: a provisional statement, its lines adding up to its figures.
    const csv = await shop.owner.browser.get(`/api/earnings/mine/statements/${month}/csv`);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain(`estratto-conto-${month}-forno-incassi.csv`);
    const rows = csv.body
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .map((line: string) => line.split(';'));
    const figure = (label: string) =>
      Math.round(
        Number(
          rows
            .find((r: string[]) => r[0] === label)![1]!
            .replace(/\./g, '')
            .replace(',', '.'),
        ) * 100,
      );
    const heading = rows.findIndex((r: string[]) => r[0] === 'Data');
    const lines = rows.slice(heading + 1).filter((r: string[]) => r.length > 1);
    const cents = (text: string) => Math.round(Number(text.replace(/\./g, '').replace(',', '.')) * 100);
    const sales = lines.filter((r: string[]) => r[1] === 'Vendita');
    expect(sales.reduce((sum: number, r: string[]) => sum + cents(r[5]!), 0)).toBe(figure('Incassato lordo'));
    expect(lines.filter((r: string[]) => !r[1]!.startsWith('Bonifico')).reduce((sum: number, r: string[]) => sum + cents(r[6]!), 0)).toBe(figure('Commissioni'));
    expect(figure('Imponibile commissioni') + figure('IVA 22%')).toBe(figure('Totale commissioni'));
    expect(figure('Totale commissioni')).toBe(figure('Commissioni'));
    const pdf = await shop.owner.browser.get(`/api/earnings/mine/statements/${month}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    // The admin downloads any shop's; another shopkeeper only their own; a month to come, or no month, is refused in Italian.
    expect((await admin.browser.get(`/api/admin/stores/${shop.store.id}/statements/${month}/csv`)).body).toBe(csv.body);
    expect((await admin.browser.get(`/api/admin/stores/${shop.store.id}/statements`)).json().months[0].month).toBe(month);
    const none = await admin.browser.get(`/api/admin/stores/${randomUUID()}/statements`);
    expect([none.statusCode, none.json().message]).toEqual([404, 'Negozio non trovato.']);
    expect((await shop.owner.browser.get(`/api/admin/stores/${shop.store.id}/statements/${month}/csv`)).statusCode).toBe(403);
    expect((await other.owner.browser.get(`/api/earnings/mine/statements/${month}/csv`)).body).not.toContain('Focaccia');
    // Nobody but a shopkeeper has a shop's statements; a customer or a collaborator is refused, as is anyone logged out.
    for (const role of ['customer', 'collaborator'] as const) {
      const someone = await loggedIn(t, role);
      expect((await someone.browser.get(`/api/earnings/mine/statements/${month}/csv`)).statusCode, role).toBe(403);
      expect((await someone.browser.get('/api/earnings/mine/statements')).statusCode, role).toBe(403);
      expect((await someone.browser.get(`/api/admin/stores/${shop.store.id}/statements/${month}/pdf`)).statusCode, role).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/earnings/mine/statements/${month}/csv` })).statusCode).toBe(401);
    const future = await shop.owner.browser.get('/api/earnings/mine/statements/2199-01/pdf');
    expect(future.statusCode).toBe(422);
    expect(future.json().message).toContain('non è ancora cominciato');
    const wrong = await shop.owner.browser.get('/api/earnings/mine/statements/2026-13/xls');
    expect(wrong.statusCode).toBe(400);

    // The month closes (the upkeep's clock a month on): the statement issued once with the same figures, and mailed to the shopkeeper.
    const [year, number] = month.split('-').map(Number) as [number, number];
    const nextMonth = new Date(Date.UTC(year, number, 2, 9));
    const closed = await closeMonth(t.system, nextMonth);
    expect(closed.failed).toBe(0);
    expect(closed.issued).toBeGreaterThanOrEqual(1);
    expect((await closeMonth(t.system, nextMonth)).issued).toBe(0);
    const issued = (await t.system.store.readStream(statementStreamId(shop.store.id, month))).map((e) => e.data as Record<string, number>);
    expect(issued).toHaveLength(1);
    expect(issued[0]).toMatchObject({
      orders: Number(rows.find((r: string[]) => r[0] === 'Ordini')![1]),
      grossCents: figure('Incassato lordo'),
      feesCents: figure('Commissioni'),
      netCents: figure('Netto'),
    });
    await expect
      .poll(
        async () =>
          (
            await t.system.pool.query(`SELECT q.subject FROM email_queue q JOIN users u ON u.email = q.to_email WHERE u.id = $1 AND q.template_name = 'estratto-conto-mensile'`, [
              shop.owner.id,
            ])
          ).rows.map((r) => r.subject as string),
        { timeout: hangAfter(10_000) },
      )
      .toEqual([expect.stringMatching(/^Estratto conto di \w+ \d{4}: Forno Incassi$/)]);
  });

  it('shows the admin the platform’s revenue by month, each shop’s account and balance, and the payouts that failed', async () => {
    const overview = async () => (await admin.browser.get('/api/admin/earnings/overview')).json();
    // A payout the test bank refuses (its account is closed), never paid: nothing leaves the balance, the admin sees it.
    const [account] = (await t.system.pool.query(`SELECT account_id FROM payment_accounts WHERE holder_id = $1 AND provider = 'sandbox'`, [shop.store.id])).rows;
    await payOutTestAccount(
      t.system,
      { accountId: account.account_id, payoutId: 'sbxpo_rifiutato', amountCents: 1_000, arrivalDate: '2026-12-24', failure: { code: 'account_closed', message: 'Conto chiuso' } },
      systemContext(),
    );
    await expect.poll(async () => (await overview()).failedPayouts.length, { timeout: hangAfter(10_000) }).toBeGreaterThanOrEqual(1);
    const seen = await overview();
    expect(seen.failedPayouts[0]).toMatchObject({
      holderKind: 'store',
      holderName: 'Forno Incassi',
      payoutId: 'sbxpo_rifiutato',
      amount: 10,
      failure: 'Il conto bancario è chiuso',
      wasPaid: false,
    });
    expect(seen.failedPayoutsCount).toBe(seen.failedPayouts.length);
    const accounts = await admin.browser.get('/api/admin/earnings/accounts');
    expect(accounts.statusCode, accounts.body).toBe(200);
    const mine = accounts.json().find((a: { holderId: string }) => a.holderId === shop.store.id);
    expect(mine).toMatchObject({ holderName: 'Forno Incassi', provider: 'sandbox', status: 'enabled', failedPayouts: 1 });
    // A shop with a failed payout comes first.
    expect(accounts.json()[0].failedPayouts).toBeGreaterThan(0);
    // Found by a word of its name, accents and case ignored; another's word finds nothing of it.
    const found = await admin.browser.get('/api/admin/earnings/accounts?q=INCASSÌ%20forno');
    expect([found.json().map((a: { holderId: string }) => a.holderId), found.headers['x-total-count']]).toEqual([[shop.store.id], '1']);
    expect((await admin.browser.get('/api/admin/earnings/accounts?q=Nessuno')).json()).toEqual([]);
    const takings = (await shop.owner.browser.get('/api/earnings/mine')).json();
    expect(mine.balance).toEqual(takings.balance);
    // This month's commissions are at least this shop's.
    const month = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome', year: 'numeric', month: '2-digit' }).format(new Date());
    expect(seen.revenue).toHaveLength(12);
    expect(seen.revenue[0].month).toBe(month);
    expect(seen.revenue[0].commissions).toBeGreaterThanOrEqual(takings.totals.fees);
    expect(seen.revenue[0].total).toBeCloseTo(seen.revenue[0].commissions + seen.revenue[0].plans + seen.revenue[0].credits, 2);
    expect((await shop.owner.browser.get('/api/admin/earnings/overview')).statusCode).toBe(403);
    expect((await shop.owner.browser.get('/api/admin/earnings/accounts')).statusCode).toBe(403);
    const tooLong = await admin.browser.get(`/api/admin/earnings/accounts?q=${'a'.repeat(101)}`);
    expect([tooLong.statusCode, tooLong.json().errors]).toEqual([400, { q: 'Ricerca: al massimo 100 caratteri.' }]);
  });

  it('pages every account to the admin, past the first page, each once, with the count of all', async () => {
    // 60 shops' accounts of the read model's own shape, with no movements: the order falls to their names.
    const { rows } = await t.system.pool.query<{ id: string }>(
      `WITH made AS (
         INSERT INTO stores (id, owner_id, name, slug, address, status, latitude, longitude, opening_hours, created_at, updated_at)
         SELECT gen_random_uuid(), $1, 'Bottega Conti ' || lpad(n::text, 2, '0'), 'bottega-conti-' || n || '-' || md5(random()::text), 'Via dei Conti ' || n, 'approved', 41.9, 12.5, '{}', now(), now()
         FROM generate_series(1, 60) AS n RETURNING id)
       INSERT INTO payment_accounts (holder_kind, holder_id, provider, account_id, charges_enabled, payouts_enabled, details_submitted, connected_at, updated_at)
       SELECT 'store', id, 'sandbox', 'acct_conti_' || md5(id::text), true, true, true, now(), now() FROM made RETURNING holder_id AS id`,
      [shop.owner.id],
    );
    const mine = new Set(rows.map((r) => r.id));
    const seen: string[] = [];
    for (let page = 1; page <= 3; page++) {
      const res = await admin.browser.get(`/api/admin/earnings/accounts?q=bottega%20conti&page=${page}&pageSize=25`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['x-total-count']).toBe('60');
      seen.push(...res.json().map((a: { holderId: string; holderName: string }) => a.holderId));
    }
    expect(seen).toHaveLength(60);
    expect(new Set(seen)).toEqual(mine);
    const names = (await admin.browser.get('/api/admin/earnings/accounts?q=bottega%20conti&pageSize=3')).json().map((a: { holderName: string }) => a.holderName);
    expect(names).toEqual(['Bottega Conti 01', 'Bottega Conti 02', 'Bottega Conti 03']);
    const tooBig = await admin.browser.get('/api/admin/earnings/accounts?pageSize=101');
    expect(tooBig.statusCode).toBe(400);
  });

  it('lists the statements’ months 24 at a time, newest first, the older ones before the last shown, each once', async () => {
    const old = await openShop(t, admin.browser, { name: 'Bottega Mesi' });
    // One sale a month for 30 months, August 2023 to January 2026 (the first of each month at 00:30 in Rome, the day before in UTC).
    await t.system.pool.query(
      `INSERT INTO earnings_movements (id, holder_id, payment_id, order_id, kind, gross_cents, fee_cents, net_cents, provider, description, at)
       SELECT gen_random_uuid(), $1, gen_random_uuid(), NULL, 'sale', 1000, 200, 800, 'sandbox', 'Vendita ' || n,
         (('2023-08-01 00:30'::timestamp + make_interval(months => n)) AT TIME ZONE 'Europe/Rome')
       FROM generate_series(0, 29) AS n`,
      [old.store.id],
    );
    const url = `/api/admin/stores/${old.store.id}/statements`;
    const first = (await admin.browser.get(url)).json();
    // The current month first (no movements yet), then 24 months with movements.
    expect(first.months[0]).toMatchObject({ provisional: true, sales: 0 });
    expect(first.months.slice(1).map((m: { month: string }) => m.month)).toEqual(
      Array.from({ length: 24 }, (_, i) => new Date(Date.UTC(2026, 0 - i, 1)).toISOString().slice(0, 7)),
    );
    expect(first.next).toBe('2024-02');
    const second = (await admin.browser.get(`${url}?before=${first.next}`)).json();
    expect(second.months.map((m: { month: string }) => m.month)).toEqual(['2024-01', '2023-12', '2023-11', '2023-10', '2023-09', '2023-08']);
    expect(second.months[0]).toMatchObject({ sales: 1, fees: 2, net: 8, provisional: false });
    expect(second.next).toBeNull();
    const wrong = await admin.browser.get(`${url}?before=2024-13`);
    expect([wrong.statusCode, wrong.json().errors]).toEqual([400, { before: 'Mese: scrivi il mese come AAAA-MM (per esempio 2026-11).' }]);
  });

  it('pages the period’s movements past the first 200, newest first, each once, whatever their times tie', async () => {
    const lonely = await openShop(t, admin.browser, { name: 'Bottega Pagine' });
    // 450 sales of the read model's own shape, three to each second (ties broken by id), in January 2026.
    await t.system.pool.query(
      `INSERT INTO earnings_movements (id, holder_id, payment_id, order_id, kind, gross_cents, fee_cents, net_cents, provider, description, at)
       SELECT gen_random_uuid(), $1, gen_random_uuid(), NULL, 'sale', 100 + n, 20, 80 + n, 'sandbox', 'Vendita ' || n, '2026-01-10T10:00:00Z'::timestamptz + make_interval(secs => n / 3)
       FROM generate_series(1, 450) AS n`,
      [lonely.store.id],
    );
    const seen: string[] = [];
    let before: string | null = null;
    let pages = 0;
    do {
      const query: string = `/api/earnings/mine?from=2026-01-01&to=2026-01-31${before ? `&before=${encodeURIComponent(before)}` : ''}`;
      const page = (await lonely.owner.browser.get(query)).json();
      expect(page.totals.sales).toBe(450);
      seen.push(...page.movements.map((m: { id: string }) => m.id));
      before = page.next;
      pages++;
    } while (before && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(450);
    expect(new Set(seen).size).toBe(450);
    const bad = await lonely.owner.browser.get('/api/earnings/mine?before=ieri');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.before).toContain('Segno di pagina non valido');
  });
});
