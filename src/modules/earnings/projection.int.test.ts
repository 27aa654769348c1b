import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { aPayment } from '../../../tests/support/payments.js';
import { useProjection } from '../../../tests/support/projection.js';
import { EventLog } from '../../platform/testing/projection-spec.js';
import { commissionCents } from '../payments/commission.js';
import { paymentDecider, paymentStreamId, type PaymentCommand } from '../payments/payment.js';
import { earningsProjection } from './projection.js';
import { paymentAccountDecider, paymentAccountStreamId, type PaymentAccountCommand } from '../payments/payment-account.js';

const spec = useProjection(earningsProjection);

describe('the shops’ ledger', () => {
  const log = new EventLog();
  const pay = (id: string, command: PaymentCommand) => log.decide(paymentStreamId(id), paymentDecider, command);
  const provider = (id: string, outcome: 'succeeded' | 'refunded', refund?: { refundKey: string; amountCents: number }) =>
    pay(id, {
      type: 'ApplyProviderEvent',
      provider: 'sandbox',
      providerTransactionId: null,
      providerEventId: `evt_${randomUUID()}`,
      outcome,
      ...(refund ? { refund: { ...refund, providerRefundId: null } } : {}),
    });

  it('makes a completed payment to a shop a sale, and its refunds in parts give back its whole fee and its whole net', async () => {
    const [storeId, orderId, paymentId, platformsOwn] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const feeCents = commissionCents(1001, 12.5);
    const payee = { holderKind: 'store' as const, holderId: storeId, accountId: `sbxacct_${storeId}`, commissionPercentage: 12.5, feeCents };
    const fields = aPayment(randomUUID(), {
      amountCents: 1001,
      transactionType: 'order_payment',
      description: 'Ordine presso «Forno»',
      metadata: { purpose: { kind: 'order', orderId } },
      payee,
    });
    const events = [
      ...pay(paymentId, { type: 'CreatePayment', id: paymentId, fields }),
      // The platform's own money (a plan) is no shop's sale.
      ...pay(platformsOwn, { type: 'CreatePayment', id: platformsOwn, fields: aPayment(randomUUID()) }),
      ...provider(platformsOwn, 'succeeded'),
      ...provider(paymentId, 'succeeded'),
    ];
    await spec.apply(events);
    const movements = () =>
      spec.rows('SELECT kind, holder_id AS store_id, order_id, gross_cents::int AS gross, fee_cents::int AS fee, net_cents::int AS net FROM earnings_movements ORDER BY at');
    expect(await movements()).toEqual([{ kind: 'sale', store_id: storeId, order_id: orderId, gross: 1001, fee: feeCents, net: 1001 - feeCents }]);

    // Three refunds of 3,33 € 3,33 € and 3,35 €, each confirmed: the fee back in proportion, to the cent.
    for (const [key, amountCents] of [
      ['r1', 333],
      ['r2', 333],
      ['r3', 335],
    ] as const) {
      const asked = pay(paymentId, { type: 'RequestRefund', refundKey: key, reason: 'Reso', amountCents });
      await spec.apply([...asked, ...provider(paymentId, 'refunded', { refundKey: key, amountCents })]);
    }
    const rows = await movements();
    expect(rows.map((r) => r.kind)).toEqual(['sale', 'refund', 'refund', 'refund']);
    expect(rows.slice(1).map((r) => r.gross)).toEqual([-333, -333, -335]);
    const sum = (key: 'gross' | 'fee' | 'net') => rows.reduce((n, r) => n + (r[key] as number), 0);
    expect({ gross: sum('gross'), fee: sum('fee'), net: sum('net') }).toEqual({ gross: 0, fee: 0, net: 0 });
    expect(await spec.rows('SELECT refunded_cents::int AS refunded FROM earnings_payments WHERE payment_id = $1', [paymentId])).toEqual([{ refunded: 1001 }]);
  });

  it('moves nothing twice: the same events applied again, or rebuilt from the start, give the same ledger', async () => {
    const [storeId, paymentId] = [randomUUID(), randomUUID()];
    const payee = { holderKind: 'store' as const, holderId: storeId, accountId: `sbxacct_${storeId}`, commissionPercentage: 20, feeCents: 100 };
    const events = [
      ...pay(paymentId, { type: 'CreatePayment', id: paymentId, fields: aPayment(randomUUID(), { amountCents: 500, transactionType: 'order_payment', payee }) }),
      ...provider(paymentId, 'succeeded'),
      ...pay(paymentId, { type: 'RequestRefund', refundKey: 'tutto', reason: 'Annullato' }),
      ...provider(paymentId, 'refunded', { refundKey: 'tutto', amountCents: 500 }),
    ];
    await spec.apply(events);
    await spec.apply(events);
    const ledger = () => spec.rows('SELECT kind, gross_cents::int AS gross, fee_cents::int AS fee FROM earnings_movements WHERE holder_id = $1 ORDER BY at', [storeId]);
    expect(await ledger()).toEqual([
      { kind: 'sale', gross: 500, fee: 100 },
      { kind: 'refund', gross: -500, fee: -100 },
    ]);
  });

  it('takes back a chargeback while the bank decides, and gives it back when the shop wins; a lost one stands', async () => {
    const [storeId, won, lost] = [randomUUID(), randomUUID(), randomUUID()];
    const payee = { holderKind: 'store' as const, holderId: storeId, accountId: `sbxacct_${storeId}`, commissionPercentage: 20, feeCents: 200 };
    const dispute = (id: string, providerEventId: string, status: 'open' | 'won' | 'lost') =>
      pay(id, {
        type: 'ApplyProviderDispute',
        provider: 'sandbox',
        providerEventId,
        dispute: { disputeId: `dp_${id.slice(0, 8)}`, amountCents: 1000, status, reason: 'fraudulent' },
      });
    const paid = (id: string) => [
      ...pay(id, { type: 'CreatePayment', id, fields: aPayment(randomUUID(), { amountCents: 1000, transactionType: 'order_payment', payee }) }),
      ...provider(id, 'succeeded'),
    ];
    await spec.apply([...paid(won), ...paid(lost), ...dispute(won, 'w1', 'open'), ...dispute(lost, 'l1', 'open')]);
    // Decided in a later batch: the win gives back what the chargeback took.
    await spec.apply([...dispute(won, 'w2', 'won'), ...dispute(lost, 'l2', 'lost')]);
    const ledger = (paymentId: string) =>
      spec.rows('SELECT kind, gross_cents::int AS gross, fee_cents::int AS fee, net_cents::int AS net FROM earnings_movements WHERE payment_id = $1 ORDER BY at', [paymentId]);
    expect(await ledger(won)).toEqual([
      { kind: 'sale', gross: 1000, fee: 200, net: 800 },
      { kind: 'chargeback', gross: -1000, fee: -200, net: -800 },
      { kind: 'chargeback_reversal', gross: 1000, fee: 200, net: 800 },
    ]);
    expect(await ledger(lost)).toEqual([
      { kind: 'sale', gross: 1000, fee: 200, net: 800 },
      { kind: 'chargeback', gross: -1000, fee: -200, net: -800 },
    ]);
  });

  it('takes a payout off the balance once, puts a failed one back once, and keeps the payouts with why they failed', async () => {
    const storeId = randomUUID();
    const stream = paymentAccountStreamId('store', storeId);
    const account = (command: PaymentAccountCommand) => log.decide(stream, paymentAccountDecider, command);
    const payout = (payoutId: string, status: 'paid' | 'failed'): PaymentAccountCommand => ({
      type: 'ApplyPayout',
      provider: 'stripe',
      accountId: 'acct_1Payouts',
      payout: {
        payoutId,
        amountCents: 7_500,
        status,
        arrivalDate: '2026-12-03',
        failureCode: status === 'failed' ? 'no_account' : null,
        failureMessage: null,
        providerEventId: `evt_${payoutId}_${status}`,
      },
    });
    const connected = account({ type: 'ConnectAccount', holderKind: 'store', holderId: storeId, provider: 'stripe', accountId: 'acct_1Payouts' });
    const events = [...connected, ...account(payout('po_1', 'paid')), ...account(payout('po_1', 'failed')), ...account(payout('po_2', 'failed'))];
    // Applied twice (a replay), in two batches.
    await spec.apply(events.slice(0, 2));
    await spec.apply(events);
    await spec.apply(events);
    expect(
      await spec.rows('SELECT kind, gross_cents::int AS gross, net_cents::int AS net, payout_id FROM earnings_movements WHERE holder_id = $1 ORDER BY at, kind DESC', [storeId]),
    ).toEqual([
      { kind: 'payout', gross: -7_500, net: -7_500, payout_id: 'po_1' },
      { kind: 'payout_reversal', gross: 7_500, net: 7_500, payout_id: 'po_1' },
    ]);
    expect(await spec.rows('SELECT payout_id, status, was_paid, failure_code FROM earnings_payouts WHERE holder_id = $1 ORDER BY payout_id', [storeId])).toEqual([
      { payout_id: 'po_1', status: 'failed', was_paid: true, failure_code: 'no_account' },
      // Failed before it was ever paid: nothing left the balance, the admin sees it all the same.
      { payout_id: 'po_2', status: 'failed', was_paid: false, failure_code: 'no_account' },
    ]);
  });
});
