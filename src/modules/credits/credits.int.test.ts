import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestApp, type Browser } from '../../../tests/support/app.js';
import { loggedIn, openShop, useLoggedIn } from '../../../tests/support/marketplace.js';
import { systemContext } from '../../platform/domain/context.js';
import { DomainError } from '../../platform/domain/errors.js';
import { sandboxRefundConfirmed } from '../../../tests/support/sandbox-refund.js';
import { changeCredits, endTransfer, finishTransfers, ledgerOf, transferCredits } from './commands.js';
import { balanceAt, creditsDecider, creditsExpireAt, type Usage } from './ledger.js';
import { handleCommand } from '../../platform/commands/handle-command.js';
import { hangAfter } from '../../../tests/support/time-limits.js';
import { committedHead } from '../../../tests/support/caught-up.js';

const t = useTestApp();
const admin = useLoggedIn(t, 'admin');
const usage: Usage = { action: 'product-description', description: 'Descrizione di «Caciotta»', relatedEntity: null };

const newPack = async (changes: Record<string, unknown> = {}) => {
  const res = await admin.browser.post('/api/admin/packages', { name: `Crediti ${randomUUID().slice(0, 6)}`, price: 9.9, type: 'ai', credits: 100, ...changes });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string; name: string }>();
};

interface Summary {
  balance: number;
  totalPurchased: number;
  totalUsed: number;
  movements: { kind: string; credits: number; description: string }[];
  purchases: { status: string }[];
}

/** Until the user's credits page shows what `done` waits for (the activation and the refunds' look run on their own). */
async function creditsUntil(browser: Browser, done: (summary: Summary) => boolean): Promise<Summary> {
  let summary: Summary | undefined;
  for (let tries = 0; tries < 200; tries++) {
    summary = (await browser.get('/api/credits')).json<Summary>();
    if (done(summary)) return summary;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the credits did not change: ${JSON.stringify(summary)}`);
}

/** A pack bought on the credits' page by `browser` and paid on the sandbox's page: its payment. */
async function boughtCredits(browser: Browser, packageId: string): Promise<string> {
  const res = await browser.request('POST', '/api/credits/purchase', { packageId }, { 'idempotency-key': randomUUID() });
  expect(res.statusCode, res.body).toBe(201);
  const { paymentId } = res.json<{ paymentId: string }>();
  expect((await browser.post(`/api/payments/sandbox/${paymentId}/pay`)).statusCode).toBe(200);
  return paymentId;
}

/** The admin refunds the payment; the provider confirms it by its webhook. */
const refunded = (paymentId: string) => sandboxRefundConfirmed(t, admin.browser, paymentId);

/** `credits` given to `userId` for 12 months, as an admin's adjustment would. */
const give = (userId: string, credits: number) =>
  changeCredits(
    t.system.store,
    userId,
    { type: 'AddCredits', lotId: randomUUID(), credits, expiresAt: creditsExpireAt(new Date()), source: { kind: 'adjustment', reason: 'Prova' } },
    systemContext(),
  );

describe('buying AI credits', () => {
  it('opens a credit purchase (the sandbox when no provider is named); once paid the credits are there, once however often it is retried', async () => {
    expect((await admin.browser.request('PUT', '/api/admin/payment-settings/current', { sandboxEnabled: true })).statusCode).toBe(200);
    const pack = await newPack({ credits: 250 });
    const shop = await openShop(t, admin.browser, { name: 'Bottega Crediti AI' });
    const key = randomUUID();
    const buy = () => shop.owner.browser.request('POST', '/api/credits/purchase', { packageId: pack.id }, { 'idempotency-key': key });
    const first = await buy();
    expect(first.statusCode, first.body).toBe(201);
    const { paymentId, paymentUrl } = first.json<{ paymentId: string; paymentUrl: string }>();
    expect(paymentUrl).toBe(`/pagamenti/prova/${paymentId}?ritorno=${encodeURIComponent(`/shopkeeper/credits?acquisto=${pack.id}`)}`);
    expect((await buy()).json()).toEqual({ paymentId, paymentUrl });
    expect((await shop.owner.browser.get(`/api/payments/sandbox/${paymentId}`)).json()).toMatchObject({ status: 'pending', transactionType: 'credit_purchase', amount: 9.9 });
    expect((await shop.owner.browser.get('/api/credits')).json()).toMatchObject({ balance: 0, purchases: [{ id: paymentId, status: 'pending', credits: 250 }] });

    expect((await shop.owner.browser.post(`/api/payments/sandbox/${paymentId}/pay`)).statusCode).toBe(200);
    // The purchase reads completed once its credits are in the balance, never before (the page stops waiting then).
    const completed = await creditsUntil(shop.owner.browser, (s) => s.purchases[0]?.status === 'completed');
    expect(completed.balance).toBe(250);
    // The balance is read from the ledger itself, the movements from their read model: wait for both.
    const after = await creditsUntil(shop.owner.browser, (s) => s.balance === 250 && s.movements.length > 0);
    expect(after).toMatchObject({ totalPurchased: 250, movements: [{ kind: 'purchase', credits: 250 }] });
    expect((await shop.owner.browser.get('/api/credits')).json().purchases).toEqual([
      { id: paymentId, packageName: pack.name, credits: 250, amount: 9.9, status: 'completed', createdAt: expect.any(String) },
    ]);
    expect((await buy()).statusCode).toBe(201);
    expect((await shop.owner.browser.get('/api/credits')).json()).toMatchObject({ balance: 250 });
  });

  it('refuses in Italian a pack without credits, a missing key, an unknown package, a customer', async () => {
    const shop = await openShop(t, admin.browser, { name: 'Bottega Rifiuti' });
    const plan = (await admin.browser.post('/api/admin/packages', { name: `Piano ${randomUUID().slice(0, 6)}`, price: 19, type: 'premium' })).json<{ id: string }>();
    const buy = (browser: Browser, body: unknown, key: string | null = randomUUID()) =>
      browser.request('POST', '/api/credits/purchase', body, key ? { 'idempotency-key': key } : {});
    const noCredits = await buy(shop.owner.browser, { packageId: plan.id });
    expect([noCredits.statusCode, noCredits.json().message]).toEqual([422, 'Questo pacchetto non contiene crediti AI: scegline uno della pagina Crediti.']);
    expect((await buy(shop.owner.browser, { packageId: (await newPack()).id }, null)).statusCode).toBe(400);
    expect((await buy(shop.owner.browser, { packageId: randomUUID() })).statusCode).toBe(404);
    const bad = await buy(shop.owner.browser, { packageId: 'x' });
    expect([bad.statusCode, bad.json().errors]).toEqual([400, { packageId: 'Scegli un pacchetto di crediti.' }]);
    const customer = await loggedIn(t, 'customer');
    expect((await buy(customer.browser, { packageId: (await newPack()).id })).statusCode).toBe(403);
  });

  it('refuses the key of an earlier purchase for another pack with a 409 naming it, paying nothing new (issue [16])', async () => {
    expect((await admin.browser.request('PUT', '/api/admin/payment-settings/current', { sandboxEnabled: true })).statusCode).toBe(200);
    const small = await newPack({ name: `Crediti AI 100 ${randomUUID().slice(0, 6)}`, credits: 100, price: 9.9 });
    const large = await newPack({ name: `Crediti AI 500 ${randomUUID().slice(0, 6)}`, credits: 500, price: 39.9 });
    const shop = await openShop(t, admin.browser, { name: 'Bottega Chiave Crediti' });
    const key = `crediti-${randomUUID()}`;
    const buy = (packageId: string) => shop.owner.browser.request('POST', '/api/credits/purchase', { packageId, paymentMethod: 'sandbox' }, { 'idempotency-key': key });
    const first = await buy(small.id);
    expect(first.statusCode, first.body).toBe(201);
    const other = await buy(large.id);
    expect([other.statusCode, other.json().message]).toEqual([409, `La chiave Idempotency-Key «${key}» è già stata usata per una richiesta diversa: usane una nuova.`]);
    // The same request again: the first payment; one purchase, of € 9,90.
    expect([(await buy(small.id)).statusCode, (await buy(small.id)).json()]).toEqual([201, first.json()]);
    expect((await shop.owner.browser.get('/api/credits')).json().purchases).toEqual([expect.objectContaining({ id: first.json().paymentId, amount: 9.9, credits: 100 })]);
  });

  it('a refunded pack takes back what is left of its credits; those spent stay spent', async () => {
    expect((await admin.browser.request('PUT', '/api/admin/payment-settings/current', { sandboxEnabled: true })).statusCode).toBe(200);
    const shop = await openShop(t, admin.browser, { name: 'Bottega Rimborso Crediti' });
    const paymentId = await boughtCredits(shop.owner.browser, (await newPack({ credits: 40 })).id);
    await creditsUntil(shop.owner.browser, (s) => s.balance === 40);
    await give(shop.owner.id, 5);
    await changeCredits(t.system.store, shop.owner.id, { type: 'SpendCredits', spendId: randomUUID(), credits: 10, usage, now: new Date() }, systemContext());
    await refunded(paymentId);
    const after = await creditsUntil(shop.owner.browser, (s) => s.movements.some((m) => m.kind === 'withdrawal'));
    // The pack's lot expires first (the gift was added later, with a later expiry): 10 came from it, 30 go back.
    expect(after.balance).toBe(5);
    expect(after.movements[0]).toMatchObject({ kind: 'withdrawal', credits: -30, description: 'Acquisto rimborsato' });
  });
});

describe('spending credits', () => {
  it('1,000 spends of 1 credit at once on a balance of 500: exactly 500 succeed, the others are refused saying why, the balance is 0', async () => {
    const user = await loggedIn(t, 'shopkeeper');
    await give(user.id, 500);
    const results = await Promise.allSettled(
      Array.from({ length: 1000 }, () =>
        changeCredits(t.system.store, user.id, { type: 'SpendCredits', spendId: randomUUID(), credits: 1, usage, now: new Date() }, systemContext()),
      ),
    );
    const refused = results.filter((r) => r.status === 'rejected');
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(500);
    expect(refused).toHaveLength(500);
    for (const r of refused) {
      expect(r.reason).toBeInstanceOf(DomainError);
      expect((r.reason as DomainError).message).toBe('Crediti esauriti: ne servono 1. Acquistane altri nella pagina Crediti.');
    }
    const ledger = await ledgerOf(t.system.store, user.id);
    expect([balanceAt(ledger, new Date()), ledger.totalUsed]).toEqual([0, 500]);
    // The ledger as a fresh process reads it, not only as this one keeps it.
    const spent = (await t.system.store.readStream(`credits-${user.id}`)).filter((e) => e.type === 'CreditsSpent');
    expect(spent).toHaveLength(500);
    await creditsUntil(user.browser, (s) => s.balance === 0 && s.totalUsed === 500);
  });

  it('a change made meanwhile by another process is caught: the spends after it are decided on the ledger as it is', async () => {
    const user = await loggedIn(t, 'shopkeeper');
    await give(user.id, 10);
    await changeCredits(t.system.store, user.id, { type: 'SpendCredits', spendId: randomUUID(), credits: 1, usage, now: new Date() }, systemContext());
    // Another process spends 5 on the same ledger: this one's copy of it is now behind.
    await handleCommand(t.system.store, `credits-${user.id}`, creditsDecider, { type: 'SpendCredits', spendId: randomUUID(), credits: 5, usage, now: new Date() }, systemContext());
    // Another user's spend at the same moment goes in the same append as theirs: refused as a group (one ledger changed), each is stored on its own.
    const other = await loggedIn(t, 'shopkeeper');
    await give(other.id, 3);
    const spend = (userId: string, credits: number) =>
      changeCredits(t.system.store, userId, { type: 'SpendCredits', spendId: randomUUID(), credits, usage, now: new Date() }, systemContext());
    const [tooMuch, enough, others] = await Promise.allSettled([spend(user.id, 5), spend(user.id, 4), spend(other.id, 2)]);
    expect(tooMuch.status === 'rejected' && (tooMuch.reason as Error).message).toBe('Crediti insufficienti: ne servono 5, ne hai 4. Acquistane altri nella pagina Crediti.');
    expect([enough.status, others.status]).toEqual(['fulfilled', 'fulfilled']);
    expect(balanceAt(await ledgerOf(t.system.store, user.id), new Date())).toBe(0);
    expect(balanceAt(await ledgerOf(t.system.store, other.id), new Date())).toBe(1);
  });

  it('the same request id sent 5 times at once is charged once', async () => {
    const user = await loggedIn(t, 'shopkeeper');
    await give(user.id, 10);
    const spendId = randomUUID();
    await Promise.all(
      Array.from({ length: 5 }, () => changeCredits(t.system.store, user.id, { type: 'SpendCredits', spendId, credits: 3, usage, now: new Date() }, systemContext())),
    );
    const ledger = await ledgerOf(t.system.store, user.id);
    expect([balanceAt(ledger, new Date()), ledger.totalUsed]).toEqual([7, 3]);
    expect((await t.system.store.readStream(`credits-${user.id}`)).filter((e) => e.type === 'CreditsSpent')).toHaveLength(1);
  });
});

describe('the admin and the credits', () => {
  it('adds and takes credits with a reason the user reads, once per key; lists balances and movements; refuses what cannot be', async () => {
    const shopkeeper = await loggedIn(t, 'shopkeeper', { username: `crediti-${randomUUID().slice(0, 6)}` });
    const adjust = (body: unknown, key?: string) => admin.browser.request('POST', `/api/admin/credits/${shopkeeper.id}/adjust`, body, key ? { 'idempotency-key': key } : {});
    const key = randomUUID();
    const added = await adjust({ credits: 20, reason: 'Omaggio di benvenuto' }, key);
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toMatchObject({ id: shopkeeper.id, username: shopkeeper.username, balance: 20, totalPurchased: 0 });
    expect((await adjust({ credits: 20, reason: 'Omaggio di benvenuto' }, key)).json()).toMatchObject({ balance: 20 });
    expect((await adjust({ credits: -5, reason: 'Correzione di un errore' })).json()).toMatchObject({ balance: 15 });
    const tooMany = await adjust({ credits: -16, reason: 'Troppi' });
    expect([tooMany.statusCode, tooMany.json().message]).toEqual([422, 'L’utente ha 15 crediti: non se ne possono togliere 16.']);
    const zero = await adjust({ credits: 0, reason: '' });
    expect(zero.statusCode).toBe(400);
    expect(Object.keys(zero.json().errors).sort()).toEqual(['credits', 'reason']);
    const customer = await loggedIn(t, 'customer');
    expect((await admin.browser.post(`/api/admin/credits/${customer.id}/adjust`, { credits: 5, reason: 'x' })).statusCode).toBe(422);
    expect((await admin.browser.post(`/api/admin/credits/${randomUUID()}/adjust`, { credits: 5, reason: 'x' })).statusCode).toBe(404);
    expect((await shopkeeper.browser.post(`/api/admin/credits/${shopkeeper.id}/adjust`, { credits: 5, reason: 'x' })).statusCode).toBe(403);

    // What the user sees of it.
    const mine = (await shopkeeper.browser.get('/api/credits')).json<Summary>();
    expect(mine.movements.map((m) => [m.kind, m.credits, m.description])).toEqual([
      ['removal', -5, 'Correzione di un errore'],
      ['adjustment', 20, 'Omaggio di benvenuto'],
    ]);
    // The admin's lists.
    const list = await admin.browser.get(`/api/admin/credits?filter=${encodeURIComponent(JSON.stringify({ q: shopkeeper.username }))}`);
    expect([list.statusCode, list.json()]).toEqual([200, [expect.objectContaining({ id: shopkeeper.id, balance: 15 })]]);
    expect((await admin.browser.get(`/api/admin/credits/${shopkeeper.id}`)).json()).toMatchObject({ balance: 15, role: 'shopkeeper' });
    const movements = await admin.browser.get(`/api/admin/credit-movements?filter=${encodeURIComponent(JSON.stringify({ userId: shopkeeper.id }))}`);
    expect(movements.json().map((m: { kind: string }) => m.kind)).toEqual(['removal', 'adjustment']);
    expect(movements.headers['content-range']).toMatch(/\/2$/);
    expect((await shopkeeper.browser.get('/api/admin/credits')).statusCode).toBe(403);
  });

  it('refuses the key of a +3 for a +300 (or another reason) with a 409 naming it: +3 only, and one of two sent at once (issue [16])', async () => {
    const shopkeeper = await loggedIn(t, 'shopkeeper', { username: `chiave-${randomUUID().slice(0, 6)}` });
    const adjust = (body: unknown, key: string) => admin.browser.request('POST', `/api/admin/credits/${shopkeeper.id}/adjust`, body, { 'idempotency-key': key });
    const key = `correzione-${randomUUID()}`;
    expect((await adjust({ credits: 3, reason: 'Omaggio' }, key)).json()).toMatchObject({ balance: 3 });
    const more = await adjust({ credits: 300, reason: 'Omaggio' }, key);
    expect([more.statusCode, more.json().message]).toEqual([409, `La chiave Idempotency-Key «${key}» è già stata usata per una richiesta diversa: usane una nuova.`]);
    // Another reason is another correction too.
    expect((await adjust({ credits: 3, reason: 'Rimborso' }, key)).statusCode).toBe(409);
    const same = await adjust({ credits: 3, reason: 'Omaggio' }, key);
    expect([same.statusCode, same.json().balance]).toEqual([200, 3]);
    expect((await admin.browser.get(`/api/admin/credits/${shopkeeper.id}`)).json()).toMatchObject({ balance: 3 });
    const mine = (await shopkeeper.browser.get('/api/credits')).json<Summary>();
    expect(mine.movements.map((m) => [m.kind, m.credits])).toEqual([['adjustment', 3]]);
    // Two at once with one key and different credits: one is made, the other refused.
    const raced = randomUUID();
    const both = await Promise.all([adjust({ credits: 10, reason: 'Omaggio' }, raced), adjust({ credits: 20, reason: 'Omaggio' }, raced)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const balance = (await admin.browser.get(`/api/admin/credits/${shopkeeper.id}`)).json().balance as number;
    expect([13, 23]).toContain(balance);
  });

  it('counts the credits used per function per day', async () => {
    const user = await loggedIn(t, 'shopkeeper');
    await give(user.id, 10);
    const spend = (action: string, credits: number) =>
      changeCredits(t.system.store, user.id, { type: 'SpendCredits', spendId: randomUUID(), credits, usage: { ...usage, action }, now: new Date() }, systemContext());
    await spend('usage-test-a', 2);
    await spend('usage-test-a', 1);
    await spend('usage-test-b', 4);
    const ctx = systemContext();
    await changeCredits(t.system.store, user.id, { type: 'HoldCredits', holdId: 'h-usage', credits: 1, usage: { ...usage, action: 'usage-test-b' }, now: new Date() }, ctx);
    // A hold given back used nothing.
    await changeCredits(t.system.store, user.id, { type: 'ReleaseHold', holdId: 'h-usage', reason: 'Il servizio AI non ha risposto.' }, ctx);
    expect(await t.system.projections.waitFor(await committedHead(t.system), hangAfter(10_000))).toBe(true);
    const res = await admin.browser.get('/api/admin/credits-usage?days=7');
    expect(res.statusCode, res.body).toBe(200);
    const ours = res.json<{ days: { action: string; credits: number; day: string }[] }>().days.filter((d) => d.action.startsWith('usage-test'));
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date());
    expect(ours).toEqual([
      { day: today, action: 'usage-test-a', credits: 3 },
      { day: today, action: 'usage-test-b', credits: 4 },
    ]);
    expect((await admin.browser.get('/api/admin/credits-usage?days=0')).statusCode).toBe(400);
  });
});

describe('credits entrusted to a collaborator', () => {
  it('go to the collaborator’s ledger with their expiry, what is left comes back when the work ends, once; a transfer stopped halfway is finished by the upkeep', async () => {
    const shop = await loggedIn(t, 'shopkeeper');
    const helper = await loggedIn(t, 'collaborator');
    await give(shop.id, 50);
    const transfer = { transferId: randomUUID(), fromUserId: shop.id, toUserId: helper.id };
    const assignmentId = randomUUID();
    await transferCredits(t.system.store, { ...transfer, credits: 30, assignmentId, reason: 'Sessione di catalogazione' }, systemContext());
    await transferCredits(t.system.store, { ...transfer, credits: 30, assignmentId, reason: 'Sessione di catalogazione' }, systemContext());
    await changeCredits(t.system.store, helper.id, { type: 'SpendCredits', spendId: randomUUID(), credits: 5, usage, now: new Date() }, systemContext());
    const balance = async (userId: string) => balanceAt(await ledgerOf(t.system.store, userId), new Date());
    expect([await balance(shop.id), await balance(helper.id)]).toEqual([20, 25]);
    await endTransfer(t.system.store, { ...transfer, reason: 'Sessione conclusa' }, systemContext());
    await endTransfer(t.system.store, { ...transfer, reason: 'Sessione conclusa' }, systemContext());
    expect([await balance(shop.id), await balance(helper.id)]).toEqual([45, 0]);
    expect(await t.system.projections.waitFor(await committedHead(t.system), hangAfter(10_000))).toBe(true);
    expect((await t.db.pool.query('SELECT status, credits, returned_credits, assignment_id FROM ai_credit_transfers WHERE id = $1', [transfer.transferId])).rows).toEqual([
      { status: 'returned', credits: 30, returned_credits: 25, assignment_id: assignmentId },
    ]);
    const mine = (await helper.browser.get('/api/credits')).json<Summary>();
    expect(mine.movements.map((m) => [m.kind, m.credits])).toEqual([
      ['transfer_return', -25],
      ['spend', -5],
      ['transfer_in', 30],
    ]);
    expect((await t.db.pool.query('SELECT balance FROM ai_credits WHERE user_id = ANY($1::uuid[]) ORDER BY balance', [[shop.id, helper.id]])).rows).toEqual([
      { balance: 0 },
      { balance: 45 },
    ]);

    // A crash after the credits left the shop's ledger, before they reached the collaborator's.
    const halfway = randomUUID();
    await changeCredits(
      t.system.store,
      shop.id,
      { type: 'SendCredits', transferId: halfway, credits: 10, toUserId: helper.id, assignmentId: null, reason: 'Consegne', now: new Date() },
      systemContext(),
    );
    expect(await t.system.projections.waitFor(await committedHead(t.system), hangAfter(10_000))).toBe(true);
    expect(await finishTransfers(t.system, new Date())).toBe(0);
    expect(await finishTransfers(t.system, new Date(Date.now() + 120_000))).toBeGreaterThanOrEqual(1);
    expect([await balance(shop.id), await balance(helper.id)]).toEqual([35, 10]);
    await expect(
      transferCredits(t.system.store, { transferId: randomUUID(), fromUserId: shop.id, toUserId: helper.id, credits: 36, assignmentId: null, reason: 'x' }, systemContext()),
    ).rejects.toThrow(/ne hai 35/);
  });
});
