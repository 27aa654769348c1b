import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../tests/support/app.js';
import { alwaysOpen, givePlan, loggedIn, places } from '../../../tests/support/marketplace.js';

const t = useTestApp();

const shopkeeperWithStore = async () => {
  const owner = await loggedIn(t, 'shopkeeper');
  const created = await owner.browser.post('/api/stores', { name: 'Bottega del Borgo', address: 'Via Roma 1, Roma', ...places.rome, openingHours: alwaysOpen });
  expect(created.statusCode, created.body).toBe(201);
  return owner;
};
const patch = (owner: Awaited<ReturnType<typeof shopkeeperWithStore>>, body: Record<string, unknown>) => owner.browser.request('PATCH', '/api/stores/me', body);

describe('what a plan switches on (PATCH /api/stores/me)', () => {
  it('without a plan, turning shipping or online payments on is a 422 in Italian naming the plans to buy', async () => {
    const owner = await shopkeeperWithStore();
    const shipping = await patch(owner, { shippingEnabled: true, pickupOnly: false });
    expect(shipping.statusCode).toBe(422);
    expect(shipping.json()).toEqual({
      message: 'Le spedizioni richiedono uno dei piani «Spedizioni» o «Premium»: lo trovi nella pagina Pacchetti.',
      errors: { shippingEnabled: 'Serve uno dei piani «Spedizioni» o «Premium».' },
    });
    const card = await patch(owner, { stripePaymentsEnabled: true });
    expect(card.statusCode).toBe(422);
    expect(card.json().message).toBe('I pagamenti con carta (Stripe) richiedono il piano «Premium»: lo trovi nella pagina Pacchetti.');
    // What a plan does not govern changes as ever, and switching off is always allowed.
    expect((await patch(owner, { shippingEnabled: false, showPhone: false })).statusCode).toBe(200);
  });

  it('with the shipping plan, shipping goes on within its radius; online payments still need Premium', async () => {
    const owner = await shopkeeperWithStore();
    await givePlan(t, owner.id, 'Spedizioni');
    const far = await patch(owner, { shippingEnabled: true, pickupOnly: false, shippingRadius: 25 });
    expect(far.statusCode).toBe(422);
    expect(far.json()).toEqual({
      message: 'Il tuo piano consente le spedizioni entro 15 km: indica un raggio di spedizione fino a 15 km.',
      errors: { shippingRadius: 'Raggio di spedizione: al massimo 15 km con il tuo piano.' },
    });
    const near = await patch(owner, { shippingEnabled: true, pickupOnly: false, shippingRadius: 15 });
    expect(near.statusCode, near.body).toBe(200);
    expect(near.json()).toMatchObject({ shippingEnabled: true, shippingRadius: 15 });
    expect((await patch(owner, { onlinePaymentsEnabled: true })).statusCode).toBe(422);
  });

  it('with Premium, shipping, card and PayPal go on', async () => {
    const owner = await shopkeeperWithStore();
    await givePlan(t, owner.id, 'Premium');
    const on = await patch(owner, {
      shippingEnabled: true,
      pickupOnly: false,
      shippingRadius: 30,
      onlinePaymentsEnabled: true,
      stripePaymentsEnabled: true,
      paypalPaymentsEnabled: true,
    });
    expect(on.statusCode, on.body).toBe(200);
  });

  it('a new store cannot start with shipping on without a plan', async () => {
    const owner = await loggedIn(t, 'shopkeeper');
    const created = await owner.browser.post('/api/stores', {
      name: 'Bottega Veloce',
      address: 'Via Roma 2, Roma',
      ...places.rome,
      openingHours: alwaysOpen,
      shippingEnabled: true,
      pickupOnly: false,
    });
    expect(created.statusCode).toBe(422);
    expect(created.json().errors).toEqual({ shippingEnabled: 'Serve uno dei piani «Spedizioni» o «Premium».' });
  });
});
