import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../tests/support/app.js';
import { madeBeforeAll } from '../../../tests/support/made.js';
import { checkout, pickupSoon, useLoggedIn, useShop, withCart, type Person } from '../../../tests/support/marketplace.js';
import { hangAfter } from '../../../tests/support/time-limits.js';
import { systemContext } from '../../platform/domain/context.js';
import { commissionCents } from '../payments/commission.js';
import { refundPart } from '../payments/commands.js';
import { backgroundProviders } from '../payments/routes.js';

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
    expect(paid.totals).toEqual({ sales: 2, gross: 13.65, fees: (feeOf(910) + feeOf(455)) / 100, refunds: 0, chargebacks: 0, net: (1365 - feeOf(910) - feeOf(455)) / 100 });
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
    expect(refunded.totals).toEqual({ sales: 2, gross: 13.65, fees: feeOf(455) / 100, refunds: 9.1, chargebacks: 0, net: (455 - feeOf(455)) / 100 });
    expect(refunded.balance).toBe(refunded.totals.net);

    // A period without movements; a period the wrong way round; another shop's and a customer's view.
    const empty = (await shop.owner.browser.get('/api/earnings/mine?from=2020-01-01&to=2020-01-31')).json();
    expect(empty).toMatchObject({
      period: { from: '2020-01-01', to: '2020-01-31' },
      totals: { sales: 0, gross: 0, fees: 0, refunds: 0, chargebacks: 0, net: 0 },
      movements: [],
      more: false,
    });
    expect(empty.balance).toBe(refunded.balance);
    const backwards = await shop.owner.browser.get('/api/earnings/mine?from=2026-02-01&to=2026-01-01');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().errors.to).toContain('Il periodo finisce prima di cominciare');
    expect((await shop.owner.browser.get('/api/earnings/mine?from=ieri')).statusCode).toBe(400);
    expect((await other.owner.browser.get('/api/earnings/mine')).json()).toMatchObject({ totals: { sales: 0 }, movements: [] });
    expect((await first.browser.get('/api/earnings/mine')).statusCode).toBe(403);
  });
});
