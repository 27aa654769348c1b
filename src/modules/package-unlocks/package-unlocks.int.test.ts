import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../tests/support/app.js';
import { readModelsCaughtUp } from '../../../tests/support/caught-up.js';
import { loggedIn, openShop, useLoggedIn, type Person, type Shop } from '../../../tests/support/marketplace.js';
import { registeredAndApproved } from '../../../tests/support/collaboration.js';
import { runRequestUpkeep } from '../collaboration-requests/expiry-process.js';
import { recordPaidUnlocks } from './purchase-process.js';
import { backgroundProviders } from '../payments/routes.js';
import { hangAfter } from '../../../tests/support/time-limits.js';

const t = useTestApp();
const admin = useLoggedIn(t, 'admin');
const hour = 3_600_000;

let areas = 0;
const newArea = () => ({ latitude: 38.1 + 0.5 * areas++, longitude: 15.6 });

/** A collaborator about a kilometre north of `where`, delivering within 5 km, approved to activate sessions. */
const approvedCollaborator = (where: { latitude: number; longitude: number }): Promise<Person> =>
  registeredAndApproved(t, admin.browser, { latitude: where.latitude + 0.01, longitude: where.longitude });

/** A shop, a collaborator near it, and a waiting request of the shop: accepted when said. */
async function requested(accept: boolean): Promise<{ shop: Shop; c: Person; request: { id: string }; unlockId: string }> {
  const area = newArea();
  const shop = await openShop(t, admin.browser, { where: area });
  const c = await approvedCollaborator(area);
  const res = await shop.owner.browser.post('/api/collaboration-requests', {
    requestType: 'waiting',
    message: 'Aiuto in negozio',
    estimatedDuration: 60,
    maxBudget: 30,
    requiredServices: ['delivery'],
  });
  expect(res.statusCode, res.body).toBe(201);
  if (accept) expect((await c.browser.post(`/api/collaboration-requests/${res.json().id}/accept`)).statusCode).toBe(200);
  return { shop, c, request: res.json(), unlockId: res.json().unlock.id };
}

const buy = (shop: Shop, unlockId: string, key: string = randomUUID()) =>
  shop.owner.browser.request('POST', `/api/package-unlocks/${unlockId}/purchase`, { paymentMethod: 'sandbox' }, { 'idempotency-key': key });
const unlockOf = async (who: Person, id: string) =>
  (await who.browser.get('/api/package-unlocks')).json<{ id: string }[]>().find((u) => u.id === id) as Record<string, unknown> | undefined;
const caughtUp = async () => expect(await readModelsCaughtUp(t.system)).toBe(true);

describe('buying an unlocked collaboration package', () => {
  it('with the sandbox: one payment however often the same key is sent, purchased once the payment completes, with the unlock in its metadata', async () => {
    expect((await admin.browser.request('PUT', '/api/admin/payment-settings/current', { sandboxEnabled: true })).statusCode).toBe(200);
    const { shop, c, unlockId } = await requested(true);
    const key = randomUUID();
    const first = await buy(shop, unlockId, key);
    expect(first.statusCode, first.body).toBe(200);
    const { paymentId, paymentUrl, unlock } = first.json();
    expect(paymentId).toEqual(expect.any(String));
    expect(paymentUrl).toContain(`/pagamenti/prova/${paymentId}`);
    expect(unlock).toMatchObject({ id: unlockId, unlockStatus: 'unlocked_collaborator', price: 49 });
    // Retried with the same key, or another key while the payment is open: the same payment.
    expect((await buy(shop, unlockId, key)).json()).toMatchObject({ paymentId, paymentUrl });
    expect((await buy(shop, unlockId)).json()).toMatchObject({ paymentId, paymentUrl });
    const payment = (await admin.browser.get(`/api/admin/payments/${paymentId}`)).json();
    expect(payment).toMatchObject({ status: 'pending', amount: 49, transactionType: 'package_purchase', metadata: { unlockId } });

    expect((await shop.owner.browser.post(`/api/payments/sandbox/${paymentId}/pay`)).statusCode).toBe(200);
    await expect.poll(async () => (await unlockOf(shop.owner, unlockId))?.unlockStatus, { timeout: hangAfter(10_000) }).toBe('purchased');
    expect(await unlockOf(shop.owner, unlockId)).toMatchObject({ paymentId, price: 49, lapsed: false, requestStatus: 'accepted' });
    expect(await unlockOf(c, unlockId)).toMatchObject({ unlockStatus: 'purchased', paymentId: null, price: null, collaboratorCompensation: 39.2 });
    // However often the process looks again: one purchase, and buying again is refused.
    await recordPaidUnlocks({ ...t.system, providers: backgroundProviders(t.system) }, new Date());
    expect((await t.system.store.readStream(`package-unlock-${unlockId}`)).filter((e) => e.type === 'PackageUnlockPurchased')).toHaveLength(1);
    const again = await buy(shop, unlockId);
    expect([again.statusCode, again.json().message]).toEqual([409, 'Il pacchetto è già stato acquistato.']);
  });

  it('a refused payment says so on the unlock and a new attempt pays it once; the request’s budget beside the price; the assignment reads the package paid (issue [19])', async () => {
    expect((await admin.browser.request('PUT', '/api/admin/payment-settings/current', { sandboxEnabled: true })).statusCode).toBe(200);
    const { shop, c, unlockId, request } = await requested(true);
    // The package costs more than the request's budget: both are in the answer, so the page says it before asking to pay.
    expect(await unlockOf(shop.owner, unlockId)).toMatchObject({ price: 49, requestBudget: 30, lastPayment: null });
    expect(await unlockOf(c, unlockId)).toMatchObject({ requestBudget: null, lastPayment: null });
    const refused = (await buy(shop, unlockId)).json().paymentId as string;
    expect(await unlockOf(shop.owner, unlockId)).toMatchObject({ lastPayment: { status: 'pending', reason: null } });
    expect((await shop.owner.browser.post(`/api/payments/sandbox/${refused}/refuse`)).statusCode).toBe(200);
    await expect.poll(async () => (await unlockOf(shop.owner, unlockId))?.lastPayment, { timeout: hangAfter(10_000) }).toMatchObject({ status: 'failed' });
    expect(await unlockOf(shop.owner, unlockId)).toMatchObject({ unlockStatus: 'unlocked_collaborator', lapsed: false });

    // Tried again: a new payment (the refused one is not answered again), paid once.
    const retry = await buy(shop, unlockId);
    expect(retry.statusCode, retry.body).toBe(200);
    const paymentId = retry.json().paymentId as string;
    expect(paymentId).not.toBe(refused);
    expect((await buy(shop, unlockId)).json()).toMatchObject({ paymentId });
    expect((await shop.owner.browser.post(`/api/payments/sandbox/${paymentId}/pay`)).statusCode).toBe(200);
    await expect.poll(async () => (await unlockOf(shop.owner, unlockId))?.unlockStatus, { timeout: hangAfter(10_000) }).toBe('purchased');
    expect(await unlockOf(shop.owner, unlockId)).toMatchObject({ paymentId, lastPayment: null });
    const paid = (await admin.browser.get(`/api/admin/payments?filter=${encodeURIComponent(JSON.stringify({ userId: shop.owner.id, status: 'completed' }))}`)).json();
    expect(paid.filter((p: { metadata: { unlockId?: string } }) => p.metadata.unlockId === unlockId)).toHaveLength(1);

    // Its assignment: the shop reads the package paid, the collaborator's compensation still to be paid out.
    await expect
      .poll(async () => (await shop.owner.browser.get('/api/assignments')).json().find((a: { requestId: string }) => a.requestId === request.id), { timeout: hangAfter(10_000) })
      .toMatchObject({ origin: 'unlock', shopPayment: 'paid', paymentStatus: 'pending' });
  });

  it('refuses the key of a purchase for another unlock, or another way to pay, with a 409 naming it (issue [16])', async () => {
    expect((await admin.browser.request('PUT', '/api/admin/payment-settings/current', { sandboxEnabled: true })).statusCode).toBe(200);
    const { shop, c, unlockId } = await requested(true);
    const second = await shop.owner.browser.post('/api/collaboration-requests', {
      requestType: 'waiting',
      message: 'Aiuto per le consegne',
      estimatedDuration: 60,
      maxBudget: 30,
      requiredServices: ['delivery'],
    });
    expect(second.statusCode, second.body).toBe(201);
    expect((await c.browser.post(`/api/collaboration-requests/${second.json().id}/accept`)).statusCode).toBe(200);
    const otherUnlock = second.json().unlock.id as string;
    const key = `sblocco-${randomUUID()}`;
    const first = await buy(shop, unlockId, key);
    expect(first.statusCode, first.body).toBe(200);

    const refusal = `La chiave Idempotency-Key «${key}» è già stata usata per una richiesta diversa: usane una nuova.`;
    const elsewhere = await buy(shop, otherUnlock, key);
    expect([elsewhere.statusCode, elsewhere.json().message]).toEqual([409, refusal]);
    const byStripe = await shop.owner.browser.request('POST', `/api/package-unlocks/${unlockId}/purchase`, { paymentMethod: 'stripe' }, { 'idempotency-key': key });
    expect([byStripe.statusCode, byStripe.json().message]).toEqual([409, refusal]);
    expect(await unlockOf(shop.owner, otherUnlock)).toMatchObject({ paymentId: null });
    // The same request again: the same payment.
    expect((await buy(shop, unlockId, key)).json()).toMatchObject({ paymentId: first.json().paymentId, paymentUrl: first.json().paymentUrl });
    // The other unlock with a key of its own: a payment of its own.
    const own = await buy(shop, otherUnlock);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().paymentId).not.toBe(first.json().paymentId);
  });

  it('refuses a locked unlock, another shopkeeper’s, a missing key, and anyone but a shopkeeper', async () => {
    const { shop, c, unlockId } = await requested(false);
    const locked = await buy(shop, unlockId);
    expect([locked.statusCode, locked.json().message]).toEqual([422, 'Il pacchetto non è ancora sbloccato: si sblocca quando un collaboratore accetta la richiesta.']);
    const other = await openShop(t, admin.browser, { where: newArea() });
    expect((await buy(other, unlockId)).statusCode).toBe(404);
    expect((await other.owner.browser.get('/api/package-unlocks')).json()).toEqual([]);
    expect((await shop.owner.browser.post(`/api/package-unlocks/${unlockId}/purchase`, { paymentMethod: 'sandbox' })).statusCode).toBe(400);
    expect((await c.browser.request('POST', `/api/package-unlocks/${unlockId}/purchase`, { paymentMethod: 'sandbox' }, { 'idempotency-key': randomUUID() })).statusCode).toBe(403);
    // Not accepted: the collaborator is not named on it.
    expect(await unlockOf(c, unlockId)).toBeUndefined();
    expect((await (await loggedIn(t, 'customer')).browser.get('/api/package-unlocks')).statusCode).toBe(403);
  });

  it('a payment that completes after the unlock lapsed is refunded, and the unlock stays unbought', async () => {
    expect((await admin.browser.request('PUT', '/api/admin/payment-settings/current', { sandboxEnabled: true })).statusCode).toBe(200);
    const { shop, request, unlockId } = await requested(true);
    const { paymentId } = (await buy(shop, unlockId)).json();
    // The upkeep reads the read models: the acceptance's deadline must be in them (an answer waits
    // for them only so long, and a loaded test server may be slower).
    await caughtUp();
    // The purchase deadline passes before the money comes.
    expect(await runRequestUpkeep(t.system, new Date(Date.now() + 25 * hour))).toMatchObject({ failed: 0 });
    await caughtUp();
    expect(await unlockOf(shop.owner, unlockId)).toMatchObject({ lapsed: true, requestStatus: 'expired' });
    expect((await shop.owner.browser.get(`/api/collaboration-requests/${request.id}`)).json()).toMatchObject({ status: 'expired', expiredReason: 'not_purchased' });

    expect((await shop.owner.browser.post(`/api/payments/sandbox/${paymentId}/pay`)).statusCode).toBe(200);
    await expect.poll(async () => (await admin.browser.get(`/api/admin/payments/${paymentId}`)).json().status, { timeout: hangAfter(10_000) }).toBe('refunded');
    expect(await unlockOf(shop.owner, unlockId)).toMatchObject({ unlockStatus: 'unlocked_collaborator', lapsed: true, paymentId: null });
    expect((await t.system.store.readStream(`package-unlock-${unlockId}`)).map((e) => e.type)).toEqual(['PackageUnlockCreated', 'PackageUnlockUnlocked', 'PackageUnlockLapsed']);
  });
});

describe('the admin’s override', () => {
  it('unlocks free of charge with a reason: bought at once without a payment; the history shows who and why', async () => {
    const { shop, unlockId } = await requested(false);
    expect((await admin.browser.post(`/api/admin/package-unlocks/${unlockId}/unlock`, {})).statusCode).toBe(400);
    const res = await admin.browser.post(`/api/admin/package-unlocks/${unlockId}/unlock`, {
      reason: 'Negozio colpito dall’alluvione',
      specialConditions: 'Prima collaborazione gratuita',
      freeOfCharge: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      unlockStatus: 'unlocked_admin',
      unlockedBy: 'admin_override',
      adminUserId: admin.id,
      unlockReason: 'Negozio colpito dall’alluvione',
      specialConditions: 'Prima collaborazione gratuita',
      freeOfCharge: true,
      price: 0,
    });
    expect(new Date(res.json().purchaseDeadline).getTime() - Date.now()).toBeGreaterThan(23 * hour);
    expect((await shop.owner.browser.post(`/api/admin/package-unlocks/${unlockId}/unlock`, { reason: 'x' })).statusCode).toBe(403);

    const bought = await buy(shop, unlockId);
    expect(bought.statusCode, bought.body).toBe(200);
    expect(bought.json()).toMatchObject({ paymentId: null, paymentUrl: null, unlock: { unlockStatus: 'purchased', price: 0, paymentId: null } });
    const again = await admin.browser.post(`/api/admin/package-unlocks/${unlockId}/unlock`, { reason: 'Ancora' });
    expect(again.statusCode).toBe(409);

    const history = (await admin.browser.get(`/api/admin/history/package-unlock/${unlockId}`)).json<
      { type: string; italianName: string; actor: { userId: string } | null; summary?: string }[]
    >();
    expect(history.map((h) => h.type)).toEqual(['PackageUnlockCreated', 'PackageUnlockAdminUnlocked', 'PackageUnlockPurchased']);
    expect(history[1]).toMatchObject({ italianName: 'Pacchetto collaboratore sbloccato dall’amministrazione', actor: expect.objectContaining({ userId: admin.id }) });
    expect(JSON.stringify(history[1])).toContain('Negozio colpito dall’alluvione');
  });
});
