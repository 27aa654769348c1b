import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { aPayment } from '../../../tests/support/payments.js';
import { useProjection } from '../../../tests/support/projection.js';
import { EventLog } from '../../platform/testing/projection-spec.js';
import { paymentDisputesProjection } from './disputes-projection.js';
import { paymentDecider, paymentStreamId, type PaymentCommand } from './payment.js';

const spec = useProjection(paymentDisputesProjection);

describe('the payments’ disputes', () => {
  const log = new EventLog();

  it('keeps each dispute once: opened with its amount and reason, then won or lost; told again, nothing changes', async () => {
    const [won, lost] = [randomUUID(), randomUUID()];
    const pay = (id: string, command: PaymentCommand) => log.decide(paymentStreamId(id), paymentDecider, command);
    const dispute = (id: string, eventId: string, status: 'open' | 'won' | 'lost') =>
      pay(id, {
        type: 'ApplyProviderDispute',
        provider: 'sandbox',
        providerEventId: eventId,
        dispute: { disputeId: `dp_${id.slice(0, 8)}`, amountCents: 700, status, reason: 'fraudulent' },
      });
    const paid = (id: string) => [
      ...pay(id, { type: 'CreatePayment', id, fields: aPayment(randomUUID(), { amountCents: 1_000 }) }),
      ...pay(id, { type: 'ApplyProviderEvent', provider: 'sandbox', providerTransactionId: null, providerEventId: `evt_${id}`, outcome: 'succeeded' }),
    ];
    const events = [...paid(won), ...paid(lost), ...dispute(won, 'w1', 'open'), ...dispute(won, 'w2', 'won'), ...dispute(lost, 'l1', 'lost')];
    await spec.apply(events);
    await spec.apply(events);
    const rows = await spec.rows(
      'SELECT payment_id, amount_cents::int AS amount, reason, status, closed_at IS NOT NULL AS closed FROM payment_disputes WHERE payment_id = ANY ($1::uuid[]) ORDER BY status DESC',
      [[won, lost]],
    );
    expect(rows).toEqual([
      { payment_id: won, amount: 700, reason: 'fraudulent', status: 'won', closed: true },
      // Told lost at once: opened and closed together.
      { payment_id: lost, amount: 700, reason: 'fraudulent', status: 'lost', closed: true },
    ]);
  });
});
