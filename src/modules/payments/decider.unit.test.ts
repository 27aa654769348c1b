import { describe, it } from 'vitest';
import { DomainError } from '../../platform/domain/errors.js';
import { deciderSpec } from '../../platform/testing/decider-spec.js';
import { paymentDecider, paymentNotFound, type PaymentCommand, type PaymentEvent, type PaymentFields } from './decider.js';

const fields: PaymentFields = {
  userId: 'u1',
  transactionType: 'package_purchase',
  amountCents: 2990,
  currency: 'EUR',
  paymentMethod: 'credit_card',
  paymentProvider: 'sandbox',
  description: 'Piano Premium, 30 giorni',
  packageId: 'p1',
  assignmentId: null,
  metadata: { purpose: { kind: 'package', packageId: 'p1' } },
};
const created: PaymentEvent = { type: 'PaymentCreated', data: { id: 't1', ...fields } };
const opened: PaymentEvent = { type: 'PaymentOpened', data: { providerTransactionId: 'sbx_1', paymentUrl: '/pagamenti/prova/t1' } };
const processing: PaymentEvent = { type: 'PaymentProcessing', data: { providerEventId: 'e1' } };
const completed: PaymentEvent = { type: 'PaymentCompleted', data: { providerEventId: 'e2', amountCents: 2990 } };
const failed: PaymentEvent = { type: 'PaymentFailed', data: { providerEventId: 'e3', reason: 'Carta rifiutata.' } };
const cancelled: PaymentEvent = { type: 'PaymentCancelled', data: { reason: 'Scaduto' } };
const refundAsked: PaymentEvent = { type: 'PaymentRefundRequested', data: { refundKey: 'r1', reason: 'Ordine annullato', amountCents: 2990 } };
const refunded: PaymentEvent = { type: 'PaymentRefunded', data: { providerEventId: 'e4', amountCents: 2990 } };

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

  it('is created pending once, whatever a repeated command says, and only for whole positive cents', () => {
    spec.given([]).when({ type: 'CreatePayment', id: 't1', fields }).then([created]);
    spec.given([created]).when({ type: 'CreatePayment', id: 't1', fields: { ...fields, amountCents: 1 } }).thenNothing();
    spec.given([]).when({ type: 'CreatePayment', id: 't1', fields: { ...fields, amountCents: 0 } }).thenThrows(DomainError, { kind: 'rule' });
    spec.given([]).when({ type: 'CreatePayment', id: 't1', fields: { ...fields, amountCents: 10.5 } }).thenThrows(DomainError, { kind: 'rule' });
  });

  it('is opened at the provider once: the same provider id again changes nothing, another is refused', () => {
    const open = { type: 'OpenPayment' as const, providerTransactionId: 'sbx_1', paymentUrl: '/pagamenti/prova/t1' };
    spec.given([created]).when(open).then([opened]);
    spec.given([created, opened]).when(open).thenNothing();
    spec.given([created, opened]).when({ ...open, providerTransactionId: 'sbx_2' }).thenThrows(DomainError, { kind: 'conflict' });
    spec.given([created, cancelled]).when(open).thenThrows(DomainError, { kind: 'conflict' });
  });

  it('moves pending → processing → completed on the provider’s word', () => {
    spec.given([created, opened]).when(provider('e1', 'processing')).then([processing]);
    spec.given([created, opened, processing]).when(provider('e2', 'succeeded')).then([completed]);
    spec.given([created, opened]).when(provider('e2', 'succeeded')).then([completed]);
  });

  it('fails from pending or processing when the provider refuses it', () => {
    spec.given([created, opened]).when(provider('e3', 'failed', 'Carta rifiutata.')).then([failed]);
    spec.given([created, opened, processing]).when(provider('e3', 'failed', 'Carta rifiutata.')).then([failed]);
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
    spec.given([created, opened, processing]).when(provider('e4', 'refunded')).then([
      { type: 'PaymentCompleted', data: { providerEventId: 'e4:paid', amountCents: 2990 } },
      refunded,
    ]);
  });

  it('records money paid after it was cancelled here: the money moved', () => {
    spec.given([created, opened, cancelled]).when(provider('e2', 'succeeded')).then([completed]);
  });

  it('is cancelled while open, once; a paid, failed or refunded one is not', () => {
    spec.given([created]).when({ type: 'CancelPayment', reason: 'Scaduto' }).then([cancelled]);
    spec.given([created, opened, processing]).when({ type: 'CancelPayment', reason: 'Scaduto' }).then([cancelled]);
    spec.given([created, cancelled]).when({ type: 'CancelPayment', reason: 'Scaduto' }).thenNothing();
    spec.given([created, completed]).when({ type: 'CancelPayment', reason: 'x' }).thenThrows(DomainError, { kind: 'conflict', message: 'Il pagamento è completato: non si può annullare.' });
    spec.given([created, failed]).when({ type: 'CancelPayment', reason: 'x' }).thenThrows(DomainError, { kind: 'conflict' });
  });

  it('is refunded only once completed, with one refund key however often it is asked', () => {
    const ask = { type: 'RequestRefund' as const, refundKey: 'r1', reason: 'Ordine annullato' };
    spec.given([created, opened, completed]).when(ask).then([refundAsked]);
    spec.given([created, opened, completed, refundAsked]).when({ ...ask, refundKey: 'r2' }).thenNothing();
    spec.given([created, opened, completed, refundAsked]).when(provider('e4', 'refunded')).then([refunded]);
    spec.given([created, opened, completed, refundAsked, refunded]).when(ask).thenNothing();
    spec.given([created, opened]).when(ask).thenThrows(DomainError, { kind: 'conflict', message: 'Il pagamento è in attesa: si rimborsa solo un pagamento completato.' });
    spec.given([created, failed]).when(ask).thenThrows(DomainError, { kind: 'conflict' });
    spec.given([created, cancelled]).when(ask).thenThrows(DomainError, { kind: 'conflict' });
  });

  it('refuses a webhook of another provider, or of another provider payment', () => {
    const paid = provider('e2', 'succeeded') as Extract<PaymentCommand, { type: 'ApplyProviderEvent' }>;
    spec.given([created, opened]).when({ ...paid, provider: 'stripe' }).thenThrows(DomainError, { kind: 'invalid', message: 'Il webhook non riguarda questo pagamento.' });
    spec.given([created, opened]).when({ ...paid, providerTransactionId: 'sbx_other' }).thenThrows(DomainError, { kind: 'invalid' });
  });

  it('that was never created is not found', () => {
    spec.given([]).when(provider('e1', 'succeeded')).thenThrows(DomainError, { kind: 'not-found', message: paymentNotFound });
    spec.given([]).when({ type: 'CancelPayment', reason: 'x' }).thenThrows(DomainError, { kind: 'not-found' });
  });
});
