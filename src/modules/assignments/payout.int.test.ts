import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../tests/support/app.js';
import { readModelsCaughtUp } from '../../../tests/support/caught-up.js';
import { purchasedWork, type Work } from '../../../tests/support/collaboration.js';
import { useLoggedIn } from '../../../tests/support/marketplace.js';
import { madeBeforeAll } from '../../../tests/support/made.js';
import { startStripePeer } from '../../../tests/support/stripe-peer.js';
import { romeMonthOf } from '../earnings/statement-queries.js';
import { closeMonth } from '../earnings/month-close.js';
import { collaboratorStatementStreamId } from '../earnings/statement.js';
import { hangAfter } from '../../../tests/support/time-limits.js';

/*
 * Issue [20]: collaborators are paid the same way as shops. A collaborator connects their own
 * payment account (Stripe Connect, or the test payments), the admin's payout of a completed
 * assignment is a transfer to it (once, however often it is pressed), and the collaborator's
 * ledger and monthly statement show it, and their payouts to the bank.
 */

const stripe = madeBeforeAll(
  () => startStripePeer(),
  (peer) => peer.close(),
);
const t = useTestApp(async () => ({ config: { STRIPE_API_URL: stripe.url } }));
const admin = useLoggedIn(t, 'admin');

/** An assignment from a package unlock, completed by the shopkeeper: its compensation due. */
async function completedWork(): Promise<Work & { compensation: number }> {
  const work = await purchasedWork(t, admin);
  const settings = await admin.browser.request('PUT', '/api/admin/payment-settings/current', {
    sandboxEnabled: true,
    stripeSecretKey: 'sk_test_vicino',
    stripeWebhookSecret: stripe.webhookSecret,
  });
  expect(settings.statusCode, settings.body).toBe(200);
  const done = await work.shop.owner.browser.post(`/api/assignments/${work.assignment.id}/complete`);
  expect(done.statusCode, done.body).toBe(200);
  expect(done.json()).toMatchObject({ status: 'completed', paymentStatus: 'pending' });
  return { ...work, compensation: done.json().compensation as number };
}

const payout = (id: string, body?: object) => admin.browser.post(`/api/admin/assignments/${id}/payout`, body);
const postWebhook = async (webhook: { body: string; headers: Record<string, string> }) =>
  t.app.inject({ method: 'POST', url: '/api/payments/stripe/webhook', headers: webhook.headers, payload: webhook.body });

describe('a collaborator’s compensation paid to their account', () => {
  it('goes by a test transfer once the collaborator activated a test account, into their ledger and statement', async () => {
    const work = await completedWork();
    const { c, shop } = work;
    const noAccount = await payout(work.assignment.id);
    expect([noAccount.statusCode, noAccount.json().message]).toEqual([
      422,
      'Il collaboratore non ha ancora un conto di pagamento attivo su cui ricevere il compenso: deve collegarlo dalla pagina «Guadagni». Se l’hai pagato in altro modo, segnalo pagato a mano.',
    ]);

    // The collaborator's accounts: no commission on what they receive; the test payments offered.
    const mine = (await c.browser.get('/api/collaborators/me/payment-accounts')).json();
    expect(mine.commissionPercentage).toBeNull();
    expect(mine.providers).toContainEqual({ provider: 'sandbox', available: true, account: null });
    // A shopkeeper or a customer has no collaborator's accounts; a collaborator no shop's.
    expect((await shop.owner.browser.get('/api/collaborators/me/payment-accounts')).statusCode).toBe(403);
    expect((await c.browser.get('/api/stores/me/payment-accounts')).statusCode).toBe(403);

    const started = await c.browser.post('/api/collaborators/me/payment-accounts/sandbox/onboarding');
    expect(started.statusCode, started.body).toBe(200);
    const accountId = new URL(started.json().url, 'http://vicino.test').pathname.split('/').at(-1)!;
    expect(accountId).toBe(`sbxacct_${c.id}`);
    // Its test page is the collaborator's: named after them; the shopkeeper is told it does not exist.
    expect((await c.browser.get(`/api/payments/sandbox/accounts/${accountId}`)).json()).toMatchObject({ holderName: 'Luca Bianchi', chargesEnabled: false });
    expect((await shop.owner.browser.get(`/api/payments/sandbox/accounts/${accountId}`)).statusCode).toBe(404);
    expect((await shop.owner.browser.post(`/api/payments/sandbox/accounts/${accountId}/activate`)).statusCode).toBe(404);
    const activated = await c.browser.post(`/api/payments/sandbox/accounts/${accountId}/activate`);
    expect(activated.statusCode, activated.body).toBe(200);
    expect(activated.json()).toMatchObject({ status: 'enabled' });
    expect(await readModelsCaughtUp(t.system)).toBe(true);

    // The admin pays: a test transfer, recorded on the assignment; pressed again, paid already, nothing more.
    const paid = await payout(work.assignment.id);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ paymentStatus: 'paid', payoutTransfer: { provider: 'sandbox', transferId: expect.stringMatching(/^sbxtr_[0-9a-f]{24}$/) } });
    expect((await payout(work.assignment.id)).json().payoutTransfer).toEqual(paid.json().payoutTransfer);
    const paidEvents = (await t.system.store.readStream(`assignment-${work.assignment.id}`)).filter((e) => e.type === 'AssignmentPaid');
    expect(paidEvents).toHaveLength(1);
    expect(paidEvents[0]!.data).toMatchObject({ transfer: { provider: 'sandbox', accountId, collaboratorId: c.id } });

    // The collaborator's ledger: the compensation on their account, available.
    expect(await readModelsCaughtUp(t.system)).toBe(true);
    const ledger = (await c.browser.get('/api/earnings/collaborator')).json();
    expect(ledger.totals).toMatchObject({ sales: 1, gross: work.compensation, fees: 0, net: work.compensation, payouts: 0 });
    expect(ledger.balance).toEqual({ total: work.compensation, pending: 0, available: work.compensation });
    expect(ledger.movements).toEqual([
      expect.objectContaining({ kind: 'transfer', assignmentId: work.assignment.id, transferId: paid.json().payoutTransfer.transferId, net: work.compensation }),
    ]);
    // No one else's: the shop's takings do not hold it, a shopkeeper cannot read a collaborator's.
    expect((await shop.owner.browser.get('/api/earnings/collaborator')).statusCode).toBe(403);

    // The month's statement: the compensation, no commission invoice.
    const month = romeMonthOf(new Date());
    expect((await c.browser.get('/api/earnings/collaborator/statements')).json().months[0]).toMatchObject({ month, sales: 1, net: work.compensation, provisional: true });
    const csv = await c.browser.get(`/api/earnings/collaborator/statements/${month}/csv`);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="estratto-conto-${month}-luca-bianchi.csv"`);
    expect(csv.body).toContain('Compensi ricevuti;1');
    expect(csv.body).toContain('Compenso;');
    expect(csv.body).not.toContain('Imponibile');
    expect((await admin.browser.get(`/api/admin/collaborators/${c.id}/statements`)).json().months[0]).toMatchObject({ month, sales: 1 });
    // The admin reads the account's story on the collaborator's page, in words.
    const story = (await admin.browser.get(`/api/admin/history/collaborator-payment-accounts/${c.id}`)).json();
    expect(story.map((e: { type: string }) => e.type)).toEqual(['PaymentAccountConnected', 'PaymentAccountUpdated']);
    const pdf = await admin.browser.get(`/api/admin/collaborators/${c.id}/statements/${month}/pdf`);
    expect([pdf.statusCode, pdf.headers['content-type']]).toEqual([200, 'application/pdf']);
    expect((await shop.owner.browser.get(`/api/admin/collaborators/${c.id}/statements/${month}/pdf`)).statusCode).toBe(403);
    expect((await shop.owner.browser.get('/api/earnings/collaborator/statements')).statusCode).toBe(403);
    expect((await c.browser.get(`/api/admin/collaborators/${c.id}/statements`)).statusCode).toBe(403);
    expect((await c.browser.get('/api/earnings/collaborator/statements/2026-13/csv')).statusCode).toBe(400);
    expect((await admin.browser.get(`/api/admin/collaborators/${shop.owner.id}/statements/${month}/csv`)).statusCode).toBe(404);
    // Someone who is no collaborator has no months to list either.
    const none = await admin.browser.get(`/api/admin/collaborators/${shop.owner.id}/statements`);
    expect([none.statusCode, none.json().message]).toEqual([404, 'Collaboratore non trovato.']);

    // The month closes (the upkeep's clock a month on): the collaborator's statement is issued once, and mailed to them.
    const [year, number] = month.split('-').map(Number) as [number, number];
    const nextMonth = new Date(Date.UTC(year, number, 2, 9));
    expect((await closeMonth(t.system, nextMonth)).failed).toBe(0);
    expect((await closeMonth(t.system, nextMonth)).issued).toBe(0);
    const issued = await t.system.store.readStream(collaboratorStatementStreamId(c.id, month));
    expect(issued.map((e) => e.data)).toEqual([
      expect.objectContaining({ collaboratorId: c.id, month, orders: 1, netCents: Math.round(work.compensation * 100), feesCents: 0, totaleCents: 0 }),
    ]);
    expect(issued[0]!.data).not.toHaveProperty('storeId');
    await readModelsCaughtUp(t.system);
    const { rows } = await t.system.pool.query(`SELECT holder_kind, net_cents::float8 AS net FROM earnings_statements WHERE holder_id = $1`, [c.id]);
    expect(rows).toEqual([{ holder_kind: 'collaborator', net: Math.round(work.compensation * 100) }]);
    await expect
      .poll(
        async () =>
          (
            await t.system.pool.query(
              `SELECT q.subject, q.template_name FROM email_queue q JOIN users u ON u.email = q.to_email WHERE u.id = $1 AND q.template_name LIKE 'estratto-conto-%'`,
              [c.id],
            )
          ).rows,
        { timeout: hangAfter(10_000) },
      )
      .toEqual([{ subject: expect.stringMatching(/^Estratto conto dei compensi di \w+ \d{4}$/), template_name: 'estratto-conto-compensi' }]);
  });

  it('goes by a Stripe transfer to the collaborator’s connected account, once, and their payouts follow', async () => {
    const work = await completedWork();
    const { c } = work;
    const started = await c.browser.post('/api/collaborators/me/payment-accounts/stripe/onboarding');
    expect(started.statusCode, started.body).toBe(200);
    const link = stripe.accountLinks.at(-1)!;
    expect(link.return_url).toMatch(/\/collaborator\/earnings\?conto=stripe$/);
    const account = stripe.accounts.get(link.account)!;
    // An Express account that only receives transfers, ours by its metadata.
    expect(account).toMatchObject({ type: 'express', metadata: { holderKind: 'collaborator', holderId: c.id } });
    expect(stripe.requests.filter((r) => r.path === '/v1/accounts').length).toBeGreaterThan(0);

    // Not verified yet: nothing to transfer to.
    expect((await payout(work.assignment.id)).statusCode).toBe(422);
    expect(stripe.transfers.filter((tr) => tr.destination === account.id)).toEqual([]);
    expect((await postWebhook(stripe.signed(stripe.onboarded(account.id)))).statusCode).toBe(200);
    expect(await readModelsCaughtUp(t.system)).toBe(true);
    expect((await c.browser.get('/api/collaborators/me/payment-accounts')).json().providers).toContainEqual(
      expect.objectContaining({ provider: 'stripe', account: expect.objectContaining({ status: 'enabled' }) }),
    );

    // The platform's Stripe balance is short: the admin is told in Italian, nothing moves, and the assignment is still to pay.
    const before = stripe.platform.available;
    stripe.platform.available = 0;
    const short = await payout(work.assignment.id);
    expect([short.statusCode, short.json().message]).toEqual([
      422,
      'Il saldo della piattaforma su Stripe non basta per questo trasferimento: riprova quando arrivano i prossimi incassi.',
    ]);
    stripe.platform.available = before;
    expect((await admin.browser.get(`/api/admin/assignments/${work.assignment.id}`)).json().paymentStatus).toBe('pending');

    // Two admins press at once: one transfer (its key is the assignment's), the assignment paid once.
    const [one, two] = await Promise.all([payout(work.assignment.id), payout(work.assignment.id)]);
    expect([one.statusCode, two.statusCode], one.body + two.body).toEqual([200, 200]);
    const made = stripe.transfers.filter((tr) => tr.destination === account.id);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ amount: Math.round(work.compensation * 100), currency: 'eur', transfer_group: `assignment-${work.assignment.id}` });
    // The refused attempt's key, then the next attempt's (a key Stripe refused answers that refusal again).
    expect([...new Set(stripe.requests.filter((r) => r.path === '/v1/transfers').map((r) => r.idempotencyKey))]).toEqual([
      `assignment-payout-${work.assignment.id}`,
      `assignment-payout-${work.assignment.id}-1`,
    ]);
    const history = (await admin.browser.get(`/api/admin/history/assignment/${work.assignment.id}`)).json();
    expect(history.map((e: { type: string }) => e.type).slice(-2)).toEqual(['AssignmentPayoutRefused', 'AssignmentPaid']);
    // Both answers show it paid by that transfer: the one that found it paid already waited for the other's payment to be read.
    expect(one.json().payoutTransfer).toEqual({ provider: 'stripe', transferId: made[0]!.id });
    expect(two.json().payoutTransfer).toEqual({ provider: 'stripe', transferId: made[0]!.id });
    expect((await t.system.store.readStream(`assignment-${work.assignment.id}`)).filter((e) => e.type === 'AssignmentPaid')).toHaveLength(1);

    // Stripe pays the collaborator's balance out to their bank: the ledger follows, and reconciles with Stripe's balance.
    const cents = Math.round(work.compensation * 100);
    expect((await postWebhook(stripe.signed(stripe.payout(account.id, cents, 'paid')))).statusCode).toBe(200);
    expect(await readModelsCaughtUp(t.system)).toBe(true);
    const ledger = (await c.browser.get('/api/earnings/collaborator')).json();
    expect(ledger.movements.map((m: { kind: string }) => m.kind)).toEqual(['payout', 'transfer']);
    expect(ledger.totals).toMatchObject({ sales: 1, net: work.compensation, payouts: work.compensation });
    expect(ledger.balance.total).toBe(0);
    expect(ledger.payouts).toEqual([expect.objectContaining({ provider: 'stripe', status: 'paid', amount: work.compensation })]);

    // The admin sees the collaborator's account among the platform's, and it reconciles with Stripe's balance.
    const accounts = (await admin.browser.get('/api/admin/earnings/accounts?q=Luca%20Bianchi&pageSize=100')).json();
    expect(accounts).toContainEqual(expect.objectContaining({ holderKind: 'collaborator', holderId: c.id, holderName: 'Luca Bianchi', provider: 'stripe', status: 'enabled' }));
    const checked = await admin.browser.get(`/api/admin/collaborators/${c.id}/payment-accounts/stripe/reconciliation`);
    expect(checked.statusCode, checked.body).toBe(200);
    expect(checked.json()).toMatchObject({ accountId: account.id, difference: 0, ledger: { total: 0 } });
    expect((await c.browser.get(`/api/admin/collaborators/${c.id}/payment-accounts/stripe/reconciliation`)).statusCode).toBe(403);
  });
});
