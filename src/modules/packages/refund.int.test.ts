import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestApp, type Browser } from '../../../tests/support/app.js';
import { createdPlan, givePlan, openShop, shippingAndPayments, useLoggedIn } from '../../../tests/support/marketplace.js';
import { emailTriggersName } from '../email/triggers.js';
import { sandboxRefundConfirmed } from '../../../tests/support/sandbox-refund.js';
import { deactivateRefundedPackages } from './refund-process.js';
import { hangAfter } from '../../../tests/support/time-limits.js';
import { committedHead } from '../../../tests/support/caught-up.js';

const t = useTestApp();
const admin = useLoggedIn(t, 'admin');

interface Mine {
  current: { packageId: string; name: string; expiresAt: string } | null;
  purchases: { transactionId: string; packageName: string; isActive: boolean; deactivationReason: string | null }[];
}

/** Until the shop's packages page shows what `done` waits for (the activation and the refunds' look run on their own). */
async function mineUntil(browser: Browser, done: (mine: Mine) => boolean): Promise<Mine> {
  for (let tries = 0; tries < 200; tries++) {
    const mine = (await browser.get('/api/packages/mine')).json<Mine>();
    if (done(mine)) return mine;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the packages page did not change');
}

/** Everything the log holds so far, in every read model. */
const caughtUp = async (names?: string[]) => expect(await t.system.projections.waitFor(await committedHead(t.system), hangAfter(10_000), names)).toBe(true);

/** A plan bought on the sandbox's page by the shop's owner, paid, and active: its payment's id. */
async function bought(shop: Awaited<ReturnType<typeof openShop>>, plan: { id: string; name: string }): Promise<string> {
  const res = await shop.owner.browser.request('POST', `/api/packages/${plan.id}/purchase`, { paymentMethod: 'sandbox' }, { 'idempotency-key': randomUUID() });
  expect(res.statusCode, res.body).toBe(201);
  const { paymentId } = res.json<{ paymentId: string }>();
  expect((await shop.owner.browser.post(`/api/payments/sandbox/${paymentId}/pay`)).statusCode).toBe(200);
  await mineUntil(shop.owner.browser, (mine) => mine.purchases.some((p) => p.transactionId === paymentId && p.isActive));
  return paymentId;
}

/** The admin refunds the payment; the provider confirms it by its webhook (the sandbox's, sent again here: a confirmation twice is one). */
async function refunded(paymentId: string): Promise<void> {
  await sandboxRefundConfirmed(t, admin.browser, paymentId);
  expect((await admin.browser.get(`/api/admin/payments/${paymentId}`)).json()).toMatchObject({ status: 'refunded' });
}

describe('a refunded package purchase', () => {
  it('ends the plan it bought: the options it allowed switch off, the owner is told, once however often the refunds are looked at', async () => {
    expect((await admin.browser.request('PUT', '/api/admin/payment-settings/current', { sandboxEnabled: true })).statusCode).toBe(200);
    const plan = await createdPlan(admin.browser, shippingAndPayments);
    const shop = await openShop(t, admin.browser, { name: 'Bottega Rimborsi' });
    const paymentId = await bought(shop, plan);
    expect((await mineUntil(shop.owner.browser, (mine) => mine.current !== null)).current).toMatchObject({ packageId: plan.id });
    const on = await shop.owner.browser.request('PATCH', '/api/stores/me', { pickupOnly: false, shippingEnabled: true, shippingRadius: 10, onlinePaymentsEnabled: true });
    expect(on.statusCode, on.body).toBe(200);

    await refunded(paymentId);
    // Two looks at once beside the app's own process (several processes): one of them takes it back.
    await Promise.all([deactivateRefundedPackages(t.system, new Date()), deactivateRefundedPackages(t.system, new Date())]);
    const mine = await mineUntil(shop.owner.browser, (m) => m.purchases.some((p) => p.transactionId === paymentId && !p.isActive));
    expect(mine.current).toBeNull();
    expect(mine.purchases).toEqual([expect.objectContaining({ transactionId: paymentId, isActive: false, deactivationReason: 'Acquisto rimborsato' })]);
    // However often it looks again (another process, a restart), nothing more.
    expect(await deactivateRefundedPackages(t.system, new Date())).toBe(0);
    expect(await deactivateRefundedPackages(t.system, new Date())).toBe(0);
    await caughtUp();

    expect((await shop.owner.browser.get('/api/stores/me')).json()).toMatchObject({ shippingEnabled: false, onlinePaymentsEnabled: false, shippingRadius: 10 });
    const purchases = (await admin.browser.get(`/api/admin/history/user-packages/${shop.owner.id}`)).json<{ type: string; actor: unknown; changes: Record<string, unknown> }[]>();
    expect(purchases.filter((e) => e.type === 'PackageDeactivated')).toEqual([
      expect.objectContaining({ actor: null, changes: expect.objectContaining({ reason: 'Acquisto rimborsato' }) }),
    ]);
    const storeHistory = (await admin.browser.get(`/api/admin/history/store/${shop.store.id}`)).json<{ type: string; actor: unknown; changes: Record<string, unknown> }[]>();
    expect(storeHistory.at(-1)).toMatchObject({
      type: 'StorePlanRevised',
      actor: null,
      changes: { plan: null, changes: { shippingEnabled: false, onlinePaymentsEnabled: false } },
    });

    const notes = (await shop.owner.browser.get('/api/notifications')).json<{ title: string; message: string }[]>();
    expect(notes.filter((n) => n.title === 'Pacchetto disattivato').map((n) => n.message)).toEqual([
      `Il tuo pacchetto «${plan.name}» non è più attivo (acquisto rimborsato): le opzioni che abilitava e che nessun altro tuo pacchetto include sono state disattivate. Gli ordini già ricevuti restano come sono.`,
    ]);
    await caughtUp([emailTriggersName]);
    const { rows: mails } = await t.db.pool.query<{ subject: string }>(
      `SELECT q.subject FROM email_queue q JOIN users u ON u.email = q.to_email WHERE u.id = $1 AND q.template_name = 'pacchetto-disattivato'`,
      [shop.owner.id],
    );
    expect(mails).toEqual([{ subject: `Il tuo pacchetto «${plan.name}» non è più attivo` }]);
  });

  it('leaves the store on the plan that remains, with what that plan still allows and shipping within its radius', async () => {
    expect((await admin.browser.request('PUT', '/api/admin/payment-settings/current', { sandboxEnabled: true })).statusCode).toBe(200);
    const wider = await createdPlan(admin.browser, shippingAndPayments);
    const shop = await openShop(t, admin.browser, { name: 'Bottega Due Piani' });
    // The seeded «Spedizioni» (shipping within 15 km) first, then a wider plan with online payments, refunded.
    await givePlan(t, shop.owner.id, 'Spedizioni');
    const before = (await shop.owner.browser.get('/api/packages/mine')).json<Mine>();
    const paymentId = await bought(shop, wider);
    expect((await mineUntil(shop.owner.browser, (m) => m.current?.packageId === wider.id)).current).toMatchObject({ name: wider.name });
    const on = await shop.owner.browser.request('PATCH', '/api/stores/me', { pickupOnly: false, shippingEnabled: true, shippingRadius: 25, onlinePaymentsEnabled: true });
    expect(on.statusCode, on.body).toBe(200);

    await refunded(paymentId);
    const mine = await mineUntil(shop.owner.browser, (m) => m.current?.packageId !== wider.id);
    expect(mine.current).toEqual(before.current);
    await caughtUp();
    expect((await shop.owner.browser.get('/api/stores/me')).json()).toMatchObject({ shippingEnabled: true, shippingRadius: 15, onlinePaymentsEnabled: false });
  });
});
