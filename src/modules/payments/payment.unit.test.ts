import { describe, expect, it } from 'vitest';
import { aPayment } from '../../../tests/support/payments.js';
import { DomainError } from '../../platform/domain/errors.js';
import { deciderSpec } from '../../platform/testing/decider-spec.js';
import { paymentDecider, paymentNotFound, type PaymentCommand, type PaymentEvent, type PaymentFields } from './payment.js';

const fields: PaymentFields = aPayment('u1', { packageId: 'p1', metadata: { purpose: { kind: 'package', packageId: 'p1' } } });
const created: PaymentEvent = { type: 'PaymentCreated', data: { id: 't1', ...fields } };
const opened: PaymentEvent = { type: 'PaymentOpened', data: { providerTransactionId: 'sbx_1', paymentUrl: '/pagamenti/prova/t1' } };
const processing: PaymentEvent = { type: 'PaymentProcessing', data: { providerEventId: 'e1' } };
const completed: PaymentEvent = { type: 'PaymentCompleted', data: { providerEventId: 'e2', amountCents: 2990 } };
const failed: PaymentEvent = { type: 'PaymentFailed', data: { providerEventId: 'e3', reason: 'Carta rifiutata.' } };
const cancelled: PaymentEvent = { type: 'PaymentCancelled', data: { reason: 'Scaduto' } };
const refundAsked: PaymentEvent = { type: 'PaymentRefundRequested', data: { refundKey: 'r1', reason: 'Ordine annullato', amountCents: 2990 } };
const refunded: PaymentEvent = { type: 'PaymentRefunded', data: { providerEventId: 'e4', amountCents: 2990, refundKey: 'r1' } };

const provider = (providerEventId: string, outcome: Extract<PaymentCommand, { type: 'ApplyProviderEvent' }>['outcome'], reason?: string): PaymentCommand => ({
  type: 'ApplyProviderEvent',
  provider: 'sandbox',
  providerTransactionId: 'sbx_1',
  providerEventId,
  outcome,
  ...(reason ? { reason } : {}),
});

describe('a payment transaction', () => {
  const spec = deciderSpec(paymentDecider);

  it('records a payment opened before it was stored in one event, its page with it; created before without one, it is opened now', () => {
    const page = { providerTransactionId: 'sbx_1', paymentUrl: '/pagamenti/prova/t1' };
    spec
      .given([])
      .when({ type: 'CreatePayment', id: 't1', fields, opened: page })
      .then([{ type: 'PaymentCreated', data: { ...created.data, opened: page } }]);
    expect(paymentDecider.evolve(paymentDecider.initialState, { type: 'PaymentCreated', data: { ...created.data, opened: page } })).toMatchObject({ exists: true, ...page });
    spec.given([created]).when({ type: 'CreatePayment', id: 't1', fields, opened: page }).then([opened]);
    spec
      .given([{ type: 'PaymentCreated', data: { ...created.data, opened: page } }])
      .when({ type: 'CreatePayment', id: 't1', fields, opened: page })
      .then([]);
  });

  it('is created pending once, whatever a repeated command says, and only for whole positive cents', () => {
    spec.given([]).when({ type: 'CreatePayment', id: 't1', fields }).then([created]);
    spec
      .given([created])
      .when({ type: 'CreatePayment', id: 't1', fields: { ...fields, amountCents: 1 } })
      .thenNothing();
    spec
      .given([])
      .when({ type: 'CreatePayment', id: 't1', fields: { ...fields, amountCents: 0 } })
      .thenThrows(DomainError, { kind: 'rule' });
    spec
      .given([])
      .when({ type: 'CreatePayment', id: 't1', fields: { ...fields, amountCents: 10.5 } })
      .thenThrows(DomainError, { kind: 'rule' });
  });

  it('is opened at the provider once: the same provider id again changes nothing, another is refused', () => {
    const open = { type: 'OpenPayment' as const, providerTransactionId: 'sbx_1', paymentUrl: '/pagamenti/prova/t1' };
    spec.given([created]).when(open).then([opened]);
    spec.given([created, opened]).when(open).thenNothing();
    spec
      .given([created, opened])
      .when({ ...open, providerTransactionId: 'sbx_2' })
      .thenThrows(DomainError, { kind: 'conflict' });
    spec.given([created, cancelled]).when(open).thenThrows(DomainError, { kind: 'conflict' });
  });

  it('moves pending → processing → completed on the provider’s word', () => {
    spec.given([created, opened]).when(provider('e1', 'processing')).then([processing]);
    spec.given([created, opened, processing]).when(provider('e2', 'succeeded')).then([completed]);
    spec.given([created, opened]).when(provider('e2', 'succeeded')).then([completed]);
  });

  it('fails from pending or processing when the provider refuses it', () => {
    spec
      .given([created, opened])
      .when(provider('e3', 'failed', 'Carta rifiutata.'))
      .then([failed]);
    spec
      .given([created, opened, processing])
      .when(provider('e3', 'failed', 'Carta rifiutata.'))
      .then([failed]);
  });

  it('applies a provider event once: the same event id again changes nothing', () => {
    spec.given([created, opened, processing, completed]).when(provider('e2', 'succeeded')).thenNothing();
    spec.given([created, opened, processing]).when(provider('e1', 'processing')).thenNothing();
    spec.given([created, opened, failed]).when(provider('e3', 'failed')).thenNothing();
    spec.given([created, opened, processing, completed, refundAsked, refunded]).when(provider('e4', 'refunded')).thenNothing();
  });

  it('ignores what arrives late: processing after completed, failed after completed, succeeded after failed', () => {
    spec.given([created, opened, completed]).when(provider('e1', 'processing')).thenNothing();
    spec.given([created, opened, completed]).when(provider('e9', 'failed')).thenNothing();
    spec.given([created, opened, failed]).when(provider('e9', 'succeeded')).thenNothing();
    spec.given([created, opened, completed, refundAsked, refunded]).when(provider('e2', 'succeeded')).thenNothing();
  });

  it('records a refund that overtook its payment’s confirmation as paid then refunded', () => {
    spec
      .given([created, opened, processing])
      .when(provider('e4', 'refunded'))
      .then([
        { type: 'PaymentCompleted', data: { providerEventId: 'e4:paid', amountCents: 2990 } },
        { ...refunded, data: { ...refunded.data, refundKey: 'refund-t1' } },
      ]);
  });

  it('records money paid after it was cancelled here: the money moved', () => {
    spec.given([created, opened, cancelled]).when(provider('e2', 'succeeded')).then([completed]);
  });

  it('is cancelled while open, once; a paid, failed or refunded one is not', () => {
    spec.given([created]).when({ type: 'CancelPayment', reason: 'Scaduto' }).then([cancelled]);
    spec.given([created, opened, processing]).when({ type: 'CancelPayment', reason: 'Scaduto' }).then([cancelled]);
    spec.given([created, cancelled]).when({ type: 'CancelPayment', reason: 'Scaduto' }).thenNothing();
    spec
      .given([created, completed])
      .when({ type: 'CancelPayment', reason: 'x' })
      .thenThrows(DomainError, { kind: 'conflict', message: 'Il pagamento è completato: non si può annullare.' });
    spec.given([created, failed]).when({ type: 'CancelPayment', reason: 'x' }).thenThrows(DomainError, { kind: 'conflict' });
  });

  it('is refunded only once completed, with one refund key however often it is asked', () => {
    const ask = { type: 'RequestRefund' as const, refundKey: 'r1', reason: 'Ordine annullato' };
    spec.given([created, opened, completed]).when(ask).then([refundAsked]);
    spec
      .given([created, opened, completed, refundAsked])
      .when({ ...ask, refundKey: 'r2' })
      .thenNothing();
    spec.given([created, opened, completed, refundAsked]).when(provider('e4', 'refunded')).then([refunded]);
    spec.given([created, opened, completed, refundAsked, refunded]).when(ask).thenNothing();
    spec.given([created, opened]).when(ask).thenThrows(DomainError, { kind: 'conflict', message: 'Il pagamento è in attesa: si rimborsa solo un pagamento completato.' });
    spec.given([created, failed]).when(ask).thenThrows(DomainError, { kind: 'conflict' });
    spec.given([created, cancelled]).when(ask).thenThrows(DomainError, { kind: 'conflict' });
  });

  describe('partial refunds', () => {
    const part = (refundKey: string, amountCents: number) => ({ type: 'RequestRefund' as const, refundKey, reason: 'Segnalazione', amountCents });
    const asked = (refundKey: string, amountCents: number): PaymentEvent => ({
      type: 'PaymentRefundRequested',
      data: { refundKey, reason: 'Segnalazione', amountCents, partial: true },
    });
    const confirmed = (refundKey: string, amountCents: number, providerEventId = `e-${refundKey}`): PaymentEvent => ({
      type: 'PaymentRefunded',
      data: { providerEventId, amountCents, refundKey },
    });
    const webhook = (refundKey: string | null, amountCents: number | null, providerEventId = `e-${refundKey}`): PaymentCommand => ({
      ...(provider(providerEventId, 'refunded') as Extract<PaymentCommand, { type: 'ApplyProviderEvent' }>),
      refund: { refundKey, providerRefundId: null, amountCents },
    });
    const paid = [created, opened, completed];

    it('refuses a provider’s refund that is no whole number of cents (the read model keeps bigint cents)', () => {
      const message = 'Il webhook indica un rimborso che non è un importo in centesimi interi.';
      spec
        .given([...paid, asked('k1', 1000)])
        .when(webhook('k1', 5e-324))
        .thenThrows(DomainError, { kind: 'invalid', message });
      spec
        .given([...paid, asked('k1', 1000)])
        .when(webhook('k1', 10.5))
        .thenThrows(DomainError, { kind: 'invalid', message });
      spec
        .given([...paid, asked('k1', 1000)])
        .when(webhook('k1', -100))
        .thenThrows(DomainError, { kind: 'invalid', message });
    });

    it('records each part by its key; the same key again is the same refund, whatever amount it names', () => {
      spec
        .given(paid)
        .when(part('k1', 1000))
        .then([asked('k1', 1000)]);
      spec
        .given([...paid, asked('k1', 1000)])
        .when(part('k1', 1000))
        .thenNothing();
      spec
        .given([...paid, asked('k1', 1000)])
        .when(part('k1', 500))
        .thenNothing();
      spec
        .given([...paid, asked('k1', 1000), confirmed('k1', 1000)])
        .when(part('k1', 1000))
        .thenNothing();
    });

    it('never refunds more than was paid, counting the parts asked and not yet confirmed', () => {
      spec
        .given([...paid, asked('k1', 1000)])
        .when(part('k2', 1990))
        .then([asked('k2', 1990)]);
      spec
        .given([...paid, asked('k1', 1000)])
        .when(part('k2', 1991))
        .thenThrows(DomainError, {
          kind: 'rule',
          message: 'Il rimborso di € 19,91 supera quanto resta da rimborsare di questo pagamento (€ 19,90).',
        });
      spec
        .given([...paid, asked('k1', 2990), confirmed('k1', 2990)])
        .when(part('k2', 1))
        .thenThrows(DomainError, {
          kind: 'rule',
          message: 'Questo pagamento è già stato rimborsato per intero: non resta nulla da rimborsare.',
        });
      spec.given(paid).when(part('k1', 0)).thenThrows(DomainError, { kind: 'rule' });
      spec.given(paid).when(part('k1', 10.5)).thenThrows(DomainError, { kind: 'rule' });
      spec.given([created, opened]).when(part('k1', 100)).thenThrows(DomainError, { kind: 'conflict' });
    });

    it('is confirmed by its own webhook, once; the payment is refunded only when all of it is', () => {
      spec
        .given([...paid, asked('k1', 1000)])
        .when(webhook('k1', 1000))
        .then([confirmed('k1', 1000)]);
      spec
        .given([...paid, asked('k1', 1000), confirmed('k1', 1000)])
        .when(webhook('k1', 1000, 'another-event'))
        .thenNothing();
      // A webhook without our key: the one refund waiting of that amount.
      spec
        .given([...paid, asked('k1', 1000), asked('k2', 500)])
        .when(webhook(null, 500, 'ev'))
        .then([confirmed('k2', 500, 'ev')]);
      const fold = (events: PaymentEvent[]) => events.reduce(paymentDecider.evolve, paymentDecider.initialState);
      expect(fold([...paid, asked('k1', 1000), confirmed('k1', 1000)])).toMatchObject({ status: 'completed', refundedCents: 1000 });
      expect(fold([...paid, asked('k1', 1000), confirmed('k1', 1000), asked('k2', 1990), confirmed('k2', 1990)])).toMatchObject({ status: 'refunded', refundedCents: 2990 });
      // A refund before partial refunds (no key): the whole payment's.
      expect(fold([...paid, refundAsked, { type: 'PaymentRefunded', data: { providerEventId: 'e4', amountCents: 2990 } }])).toMatchObject({
        status: 'refunded',
        refundedCents: 2990,
      });
    });

    it('after parts, the whole payment’s refund refunds what is left, or nothing', () => {
      const whole = { type: 'RequestRefund' as const, refundKey: 'refund-t1', reason: 'Ordine annullato' };
      spec
        .given([...paid, asked('k1', 1000)])
        .when(whole)
        .then([{ type: 'PaymentRefundRequested', data: { refundKey: 'refund-t1', reason: 'Ordine annullato', amountCents: 1990 } }]);
      spec
        .given([...paid, asked('k1', 2990)])
        .when(whole)
        .thenNothing();
      // A part after the whole payment's refund was asked: nothing is left.
      spec
        .given([...paid, refundAsked])
        .when(part('k1', 1))
        .thenThrows(DomainError, { kind: 'rule' });
    });
  });

  it('refuses a webhook of another provider, or of another provider payment', () => {
    const paid = provider('e2', 'succeeded') as Extract<PaymentCommand, { type: 'ApplyProviderEvent' }>;
    spec
      .given([created, opened])
      .when({ ...paid, provider: 'stripe' })
      .thenThrows(DomainError, { kind: 'invalid', message: 'Il webhook non riguarda questo pagamento.' });
    spec
      .given([created, opened])
      .when({ ...paid, providerTransactionId: 'sbx_other' })
      .thenThrows(DomainError, { kind: 'invalid' });
  });

  it('records the payer’s bank’s dispute once: opened, then won or lost; a close that overtook its opening opens and closes it', () => {
    const dispute = (providerEventId: string, status: 'open' | 'won' | 'lost', amountCents = 1000): PaymentCommand => ({
      type: 'ApplyProviderDispute',
      provider: 'sandbox',
      providerEventId,
      dispute: { disputeId: 'dp_1', amountCents, status, reason: 'fraudulent' },
    });
    const opened: PaymentEvent = { type: 'PaymentDisputeOpened', data: { providerEventId: 'd1', disputeId: 'dp_1', amountCents: 1000, disputeReason: 'fraudulent' } };
    spec.given([created, completed]).when(dispute('d1', 'open')).then([opened]);
    spec.given([created, completed, opened]).when(dispute('d1', 'open')).thenNothing();
    spec.given([created, completed, opened]).when(dispute('d2', 'open')).thenNothing();
    const won: PaymentEvent = { type: 'PaymentDisputeClosed', data: { providerEventId: 'd3', disputeId: 'dp_1', outcome: 'won' } };
    spec.given([created, completed, opened]).when(dispute('d3', 'won')).then([won]);
    // Decided once: a later word changes nothing.
    spec.given([created, completed, opened, won]).when(dispute('d4', 'lost')).thenNothing();
    spec
      .given([created, completed])
      .when(dispute('d5', 'lost'))
      .then([
        { type: 'PaymentDisputeOpened', data: { providerEventId: 'd5:opened', disputeId: 'dp_1', amountCents: 1000, disputeReason: 'fraudulent' } },
        { type: 'PaymentDisputeClosed', data: { providerEventId: 'd5', disputeId: 'dp_1', outcome: 'lost' } },
      ]);
    // Not readable as a dispute of this payment: refused, nothing recorded.
    spec
      .given([created, completed])
      .when(dispute('d6', 'open', 2991))
      .thenThrows(DomainError, { kind: 'invalid' });
    spec
      .given([created, completed])
      .when(dispute('d6', 'open', 0.5))
      .thenThrows(DomainError, { kind: 'invalid' });
    spec
      .given([created, completed])
      .when({ ...(dispute('d6', 'open') as Extract<PaymentCommand, { type: 'ApplyProviderDispute' }>), provider: 'stripe' })
      .thenThrows(DomainError, { kind: 'invalid', message: 'Il webhook non riguarda questo pagamento.' });
    spec
      .given([created, completed])
      .when({ type: 'ApplyProviderDispute', provider: 'sandbox', providerEventId: 'd7', dispute: { disputeId: 'dp 1; drop', amountCents: 100, status: 'open', reason: null } })
      .thenThrows(DomainError, { kind: 'invalid' });
  });

  it('that was never created is not found', () => {
    spec.given([]).when(provider('e1', 'succeeded')).thenThrows(DomainError, { kind: 'not-found', message: paymentNotFound });
    spec.given([]).when({ type: 'CancelPayment', reason: 'x' }).thenThrows(DomainError, { kind: 'not-found' });
  });
});
