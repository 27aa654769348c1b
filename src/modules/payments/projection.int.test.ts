import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { aPayment } from '../../../tests/support/payments.js';
import { useProjection } from '../../../tests/support/projection.js';
import { EventLog } from '../../platform/testing/projection-spec.js';
import { paymentDecider, paymentStreamId, type PaymentFields } from './payment.js';
import { paymentSettingsProjection, paymentTransactionsProjection, refundRowId } from './projection.js';
import { readPaymentSettings } from './queries.js';
import { paymentRefundsProjection } from './refunds-projection.js';
import { paymentSettingsDecider, paymentSettingsStreamId } from './settings.js';

const fields = (userId: string): PaymentFields => aPayment(userId, { description: 'Piano Premium' });

describe('payment-transactions projection', () => {
  const spec = useProjection(paymentTransactionsProjection);
  const log = new EventLog('2026-06-10T08:00:00.000Z');

  it('keeps each movement of money with its provider id, status and times', async () => {
    const [a, b, user] = [randomUUID(), randomUUID(), randomUUID()];
    const provider = (id: string, providerEventId: string, outcome: 'processing' | 'succeeded' | 'failed' | 'refunded') =>
      ({ type: 'ApplyProviderEvent', provider: 'sandbox', providerTransactionId: `sbx_${id}`, providerEventId, outcome }) as const;
    await spec.apply([
      ...log.decide(paymentStreamId(a), paymentDecider, { type: 'CreatePayment', id: a, fields: fields(user) }),
      ...log.decide(paymentStreamId(b), paymentDecider, { type: 'CreatePayment', id: b, fields: { ...fields(user), amountCents: 500, transactionType: 'credit_purchase' } }),
      ...log.decide(paymentStreamId(a), paymentDecider, { type: 'OpenPayment', providerTransactionId: `sbx_${a}`, paymentUrl: `/pagamenti/prova/${a}` }),
      ...log.decide(paymentStreamId(b), paymentDecider, { type: 'OpenPayment', providerTransactionId: `sbx_${b}`, paymentUrl: `/pagamenti/prova/${b}` }),
      ...log.decide(paymentStreamId(a), paymentDecider, provider(a, 'e1', 'processing')),
      ...log.decide(paymentStreamId(a), paymentDecider, provider(a, 'e2', 'succeeded'), { at: '2026-06-10T08:05:00.000Z' }),
      ...log.decide(paymentStreamId(a), paymentDecider, { type: 'RequestRefund', refundKey: `refund-${a}`, reason: 'Annullato' }),
      ...log.decide(paymentStreamId(a), paymentDecider, provider(a, 'e3', 'refunded'), { at: '2026-06-10T09:00:00.000Z' }),
      ...log.decide(paymentStreamId(b), paymentDecider, { ...provider(b, 'e4', 'failed'), reason: 'Carta rifiutata.' }),
    ]);
    expect(
      await spec.rows(
        "SELECT id, amount_cents::int AS amount, status, provider_transaction_id, failure_reason, refund_key, completed_at, refunded_at FROM payment_transactions WHERE transaction_type <> 'refund' ORDER BY amount_cents DESC",
      ),
    ).toEqual([
      {
        id: a,
        amount: 2990,
        status: 'refunded',
        provider_transaction_id: `sbx_${a}`,
        failure_reason: null,
        refund_key: `refund-${a}`,
        completed_at: new Date('2026-06-10T08:05:00.000Z'),
        refunded_at: new Date('2026-06-10T09:00:00.000Z'),
      },
      { id: b, amount: 500, status: 'failed', provider_transaction_id: `sbx_${b}`, failure_reason: 'Carta rifiutata.', refund_key: null, completed_at: null, refunded_at: null },
    ]);
    // The money given back is a movement of its own, naming the payment.
    expect(
      await spec.rows("SELECT id, user_id, amount_cents::int AS amount, status, description, metadata, completed_at FROM payment_transactions WHERE transaction_type = 'refund'"),
    ).toEqual([
      {
        id: refundRowId(a),
        user_id: user,
        amount: 2990,
        status: 'completed',
        description: 'Rimborso: Piano Premium',
        metadata: { refundOf: a, purpose: { kind: 'test' } },
        completed_at: new Date('2026-06-10T09:00:00.000Z'),
      },
    ]);
  });

  it('writes a payment opened with its creation (one event) with its provider id and page, and one opened later too', async () => {
    const [a, b, user] = [randomUUID(), randomUUID(), randomUUID()];
    await spec.apply([
      ...log.decide(paymentStreamId(a), paymentDecider, {
        type: 'CreatePayment',
        id: a,
        fields: fields(user),
        opened: { providerTransactionId: `cs_${a}`, paymentUrl: `https://checkout.stripe.test/c/pay/cs_${a}` },
      }),
      ...log.decide(paymentStreamId(b), paymentDecider, { type: 'CreatePayment', id: b, fields: { ...fields(user), amountCents: 500 } }),
    ]);
    await spec.apply(log.decide(paymentStreamId(b), paymentDecider, { type: 'OpenPayment', providerTransactionId: `sbx_${b}`, paymentUrl: `/pagamenti/prova/${b}` }));
    expect(
      await spec.rows('SELECT id, status, provider_transaction_id, payment_url FROM payment_transactions WHERE id = ANY ($1::uuid[]) ORDER BY amount_cents DESC', [[a, b]]),
    ).toEqual([
      { id: a, status: 'pending', provider_transaction_id: `cs_${a}`, payment_url: `https://checkout.stripe.test/c/pay/cs_${a}` },
      { id: b, status: 'pending', provider_transaction_id: `sbx_${b}`, payment_url: `/pagamenti/prova/${b}` },
    ]);
  });
});

describe('payment-refunds projection', () => {
  const spec = useProjection(paymentRefundsProjection);
  const log = new EventLog('2026-06-10T08:00:00.000Z');

  it('keeps each refund asked, with its reason, and when the provider confirmed it; one made at the provider too; an old confirmation without a key', async () => {
    const [a, b] = [randomUUID(), randomUUID()];
    const provider = (
      id: string,
      providerEventId: string,
      outcome: 'succeeded' | 'refunded',
      refund?: { refundKey: string | null; providerRefundId: string | null; amountCents: number | null },
    ) => ({ type: 'ApplyProviderEvent', provider: 'sandbox', providerTransactionId: `sbx_${id}`, providerEventId, outcome, ...(refund ? { refund } : {}) }) as const;
    const opened = (id: string) => [
      ...log.decide(paymentStreamId(id), paymentDecider, { type: 'CreatePayment', id, fields: fields(randomUUID()) }),
      ...log.decide(paymentStreamId(id), paymentDecider, { type: 'OpenPayment', providerTransactionId: `sbx_${id}`, paymentUrl: `/pagamenti/prova/${id}` }),
      ...log.decide(paymentStreamId(id), paymentDecider, provider(id, `${id}-paid`, 'succeeded')),
    ];
    await spec.apply([
      ...opened(a),
      ...log.decide(
        paymentStreamId(a),
        paymentDecider,
        { type: 'RequestRefund', refundKey: 'complaint-compensation-x', reason: 'Indennizzo', amountCents: 390 },
        { at: '2026-06-10T09:00:00.000Z' },
      ),
    ]);
    // Confirmed in a later batch; then a part refunded on the provider's dashboard.
    await spec.apply([
      ...log.decide(paymentStreamId(a), paymentDecider, provider(a, 'r1', 'refunded', { refundKey: 'complaint-compensation-x', providerRefundId: 're_1', amountCents: 390 }), {
        at: '2026-06-10T09:01:00.000Z',
      }),
      ...log.decide(paymentStreamId(a), paymentDecider, provider(a, 'r2', 'refunded', { refundKey: null, providerRefundId: 're_2', amountCents: 100 }), {
        at: '2026-06-10T10:00:00.000Z',
      }),
      ...opened(b),
      ...log.decide(paymentStreamId(b), paymentDecider, { type: 'RequestRefund', refundKey: `refund-${b}`, reason: 'Ordine annullato' }, { at: '2026-06-10T11:00:00.000Z' }),
    ]);
    // A confirmation as written before partial refunds: no key, the whole payment's refund.
    const [old] = log.record(paymentStreamId(b), [{ type: 'PaymentRefunded', data: { providerEventId: 'r3', amountCents: 2990 } }], { at: '2026-06-10T11:05:00.000Z' });
    await spec.apply([old!]);
    expect(
      await spec.rows('SELECT payment_id, refund_key, amount_cents::int AS amount, reason, partial, requested_at, refunded_at FROM payment_refunds ORDER BY requested_at'),
    ).toEqual([
      {
        payment_id: a,
        refund_key: 'complaint-compensation-x',
        amount: 390,
        reason: 'Indennizzo',
        partial: true,
        requested_at: new Date('2026-06-10T09:00:00.000Z'),
        refunded_at: new Date('2026-06-10T09:01:00.000Z'),
      },
      {
        payment_id: a,
        refund_key: 'provider-re_2',
        amount: 100,
        reason: null,
        partial: false,
        requested_at: new Date('2026-06-10T10:00:00.000Z'),
        refunded_at: new Date('2026-06-10T10:00:00.000Z'),
      },
      {
        payment_id: b,
        refund_key: `refund-${b}`,
        amount: 2990,
        reason: 'Ordine annullato',
        partial: false,
        requested_at: new Date('2026-06-10T11:00:00.000Z'),
        refunded_at: new Date('2026-06-10T11:05:00.000Z'),
      },
    ]);
  });
});

describe('payment-settings projection', () => {
  const spec = useProjection(paymentSettingsProjection);
  const log = new EventLog();

  it('keeps one row with the fields changed from the defaults', async () => {
    await spec.apply([
      ...log.decide(paymentSettingsStreamId, paymentSettingsDecider, { type: 'UpdatePaymentSettings', changes: { sandboxEnabled: true, sandboxWebhookSecret: 'firma' } }),
      ...log.decide(paymentSettingsStreamId, paymentSettingsDecider, { type: 'UpdatePaymentSettings', changes: { paypalMode: 'live', stripeSecretKey: 'sk_test_x' } }),
    ]);
    expect(await readPaymentSettings(spec.db)).toMatchObject({
      sandboxEnabled: true,
      sandboxWebhookSecret: 'firma',
      paypalMode: 'live',
      stripeSecretKey: 'sk_test_x',
      currency: 'EUR',
    });
  });
});
