import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestApp, type Browser } from '../../../tests/support/app.js';
import { activatedPlan, createdPlan, openShop, useLoggedIn } from '../../../tests/support/marketplace.js';
import { emailTriggersName } from '../email/triggers.js';
import { expireDuePackages } from './expiry-process.js';
import { hangAfter } from '../../../tests/support/time-limits.js';
import { committedHead } from '../../../tests/support/caught-up.js';

const t = useTestApp();
const admin = useLoggedIn(t, 'admin');
const day = 24 * 60 * 60 * 1000;

/** Everything the log holds so far, in every read model (the e-mail triggers included). */
const caughtUp = async () => expect(await t.system.projections.waitFor(await committedHead(t.system), hangAfter(10_000))).toBe(true);
/** The owner switches shipping (10 km) and card payments on, as their plan allows. */
const switchShippingAndCardsOn = async (browser: Browser) => {
  const on = await browser.request('PATCH', '/api/stores/me', {
    pickupOnly: false,
    shippingEnabled: true,
    shippingRadius: 10,
    onlinePaymentsEnabled: true,
    stripePaymentsEnabled: true,
  });
  expect(on.statusCode, on.body).toBe(200);
};

describe('a package’s end, by itself (the upkeep’s job with the clock moved)', () => {
  it('tells the owner 7 days and 1 day before and at the end, then switches off what the plan allowed, once, with the system as actor', async () => {
    const plan = await createdPlan(admin.browser, {
      name: `Premium ${randomUUID().slice(0, 6)}`,
      type: 'premium',
      enablesShipping: true,
      shippingRadius: 20,
      enablesOnlinePayments: true,
      enablesStripePayments: true,
    });
    const shop = await openShop(t, admin.browser);
    const bought = new Date();
    await activatedPlan(t, { userId: shop.owner.id, packageId: plan.id, amountCents: 2990 }, bought);
    await switchShippingAndCardsOn(shop.owner.browser);

    const at = (days: number) => new Date(bought.getTime() + days * day);
    const notices = async () =>
      (await shop.owner.browser.get('/api/notifications'))
        .json<{ title: string; message: string }[]>()
        .filter((n) => n.title.startsWith('Pacchetto'))
        .map((n) => n.title)
        .reverse();

    expect(await expireDuePackages(t.system, at(20))).toEqual({ noticed: 0, expired: 0, plansEnded: 0, failed: 0 });
    expect(await expireDuePackages(t.system, at(23))).toMatchObject({ noticed: 1, expired: 0 });
    expect(await expireDuePackages(t.system, at(24))).toMatchObject({ noticed: 0, expired: 0 });
    expect(await expireDuePackages(t.system, at(29.5))).toMatchObject({ noticed: 1, expired: 0 });
    await caughtUp();
    expect((await shop.owner.browser.get('/api/stores/me')).json()).toMatchObject({ shippingEnabled: true, onlinePaymentsEnabled: true });

    expect(await expireDuePackages(t.system, at(30))).toEqual({ noticed: 0, expired: 1, plansEnded: 1, failed: 0 });
    // Again, as after a restart: nothing more.
    expect(await expireDuePackages(t.system, at(31))).toEqual({ noticed: 0, expired: 0, plansEnded: 0, failed: 0 });
    await caughtUp();

    expect(await notices()).toEqual(['Pacchetto in scadenza', 'Pacchetto in scadenza', 'Pacchetto scaduto']);
    const store = (await shop.owner.browser.get('/api/stores/me')).json();
    expect(store).toMatchObject({ shippingEnabled: false, onlinePaymentsEnabled: false, stripePaymentsEnabled: false, shippingRadius: 10 });
    const mine = (await shop.owner.browser.get('/api/packages/mine')).json();
    expect(mine.current).toBeNull();
    expect(mine.purchases[0]).toMatchObject({ isActive: false });

    const history = (await admin.browser.get(`/api/admin/history/store/${shop.store.id}`)).json();
    expect(history.at(-1)).toMatchObject({
      type: 'StorePlanEnded',
      actor: null,
      changes: { switchedOff: { shippingEnabled: false, onlinePaymentsEnabled: false, stripePaymentsEnabled: false } },
    });

    expect(await t.system.projections.waitFor(await committedHead(t.system), hangAfter(10_000), [emailTriggersName])).toBe(true);
    const { rows: mails } = await t.db.pool.query<{ template_name: string; subject: string }>(
      `SELECT q.template_name, q.subject FROM email_queue q JOIN users u ON u.email = q.to_email WHERE u.id = $1 AND q.template_name LIKE 'pacchetto-%' ORDER BY q.created_at, q.subject DESC`,
      [shop.owner.id],
    );
    expect(mails).toEqual([
      { template_name: 'pacchetto-in-scadenza', subject: `Il tuo pacchetto «${plan.name}» scade tra 7 giorni` },
      { template_name: 'pacchetto-in-scadenza', subject: `Il tuo pacchetto «${plan.name}» scade domani` },
      { template_name: 'pacchetto-scaduto', subject: `Il tuo pacchetto «${plan.name}» è scaduto` },
    ]);
  });

  it('a plan that ends while another of the owner’s is still in force leaves the store on that one, its options on', async () => {
    const newPlan = (fields: Record<string, unknown>) => createdPlan(admin.browser, { price: 19, ...fields });
    const premium = await newPlan({ type: 'premium', durationDays: 60, enablesShipping: true, shippingRadius: 30, enablesOnlinePayments: true, enablesStripePayments: true });
    const shipping = await newPlan({ type: 'shipping', durationDays: 30, enablesShipping: true, shippingRadius: 15 });
    const shop = await openShop(t, admin.browser);
    const bought = new Date();
    const activate = (packageId: string) => activatedPlan(t, { userId: shop.owner.id, packageId, amountCents: 1900 }, bought);
    await activate(premium.id);
    // Bought last, the 30 days' plan is the store's; the 60 days' Premium stays in force beside it.
    await activate(shipping.id);
    await switchShippingAndCardsOn(shop.owner.browser);

    expect(await expireDuePackages(t.system, new Date(bought.getTime() + 31 * day))).toMatchObject({ expired: 1, plansEnded: 1, failed: 0 });
    await caughtUp();
    expect((await shop.owner.browser.get('/api/stores/me')).json()).toMatchObject({ shippingEnabled: true, onlinePaymentsEnabled: true, stripePaymentsEnabled: true });
    expect((await shop.owner.browser.get('/api/packages/mine')).json().current).toMatchObject({ packageId: premium.id });

    // Then Premium ends too: nothing is left, the options switch off.
    expect(await expireDuePackages(t.system, new Date(bought.getTime() + 61 * day))).toMatchObject({ expired: 1, plansEnded: 1, failed: 0 });
    // The store's options are switched off by a reaction to the plan's end, appended after it: waited for, not read at the head of the moment.
    await expect.poll(async () => (await shop.owner.browser.get('/api/stores/me')).json()).toMatchObject({ shippingEnabled: false, onlinePaymentsEnabled: false });
  });
});
