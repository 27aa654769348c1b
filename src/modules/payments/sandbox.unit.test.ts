import { describe, expect, it } from 'vitest';
import { DomainError } from '../../platform/domain/errors.js';
import type { PaymentRecord } from './contract.js';
import { paymentsCsv } from './export.js';
import type { RawWebhook } from './providers.js';
import { sandboxProvider, sandboxSignatureHeader, sandboxWebhook, signSandboxWebhook } from './sandbox.js';

const paymentId = '0b5d2a8e-7c1f-4f7e-9a51-3c2d1e0f9a8b';
const now = new Date('2026-06-10T08:00:00.000Z');
const event = { id: 'evt_1', type: 'payment.succeeded' as const, paymentId, providerTransactionId: `sbx_${paymentId}` };

describe('the sandbox provider', () => {
  const delivered: RawWebhook[] = [];
  const provider = sandboxProvider(
    { secret: 'segreto-di-prova', enabled: true },
    async (webhook) => void delivered.push(webhook),
    () => now,
  );

  it('reads a webhook it signed', async () => {
    expect(await provider.parseWebhook(sandboxWebhook('segreto-di-prova', event, now))).toEqual({
      eventId: 'evt_1',
      paymentId,
      providerTransactionId: `sbx_${paymentId}`,
      outcome: 'succeeded',
    });
  });

  it('refuses another secret’s signature, a changed body, and a header that is not one', async () => {
    const signed = sandboxWebhook('segreto-di-prova', event, now);
    const refused = { kind: 'invalid', message: 'Firma del webhook non valida.' };
    const cases: RawWebhook[] = [
      sandboxWebhook('altro-segreto', event, now),
      { ...signed, body: signed.body.replace('succeeded', 'failed') },
      { ...signed, headers: {} },
      { ...signed, headers: { [sandboxSignatureHeader]: 'v1=abc' } },
      { ...signed, headers: { [sandboxSignatureHeader]: `t=${now.getTime() / 1000},v1=zz` } },
    ];
    for (const webhook of cases) await expect(provider.parseWebhook(webhook)).rejects.toMatchObject(refused);
    const off = sandboxProvider({ secret: null, enabled: false }, async () => {});
    await expect(off.parseWebhook(signed)).rejects.toBeInstanceOf(DomainError);
  });

  it('answers an event type it does not act on with no outcome, and a signed body that is no event with a 400', async () => {
    expect((await provider.parseWebhook(sandboxWebhook('segreto-di-prova', { ...event, type: 'payment.disputed' as never }, now))).outcome).toBeNull();
    const body = '{"id":1}';
    await expect(provider.parseWebhook({ body, headers: { [sandboxSignatureHeader]: signSandboxWebhook('segreto-di-prova', body, 1) } })).rejects.toMatchObject({
      kind: 'invalid',
    });
  });

  it('refunds by delivering one signed webhook named by the refund’s key', async () => {
    delivered.length = 0;
    await provider.refund({ paymentId, providerTransactionId: `sbx_${paymentId}`, amountCents: 100, currency: 'EUR', idempotencyKey: 'refund-1' });
    await provider.refund({ paymentId, providerTransactionId: `sbx_${paymentId}`, amountCents: 100, currency: 'EUR', idempotencyKey: 'refund-1' });
    const events = await Promise.all(delivered.map((webhook) => provider.parseWebhook(webhook)));
    expect(events.map((e) => [e.eventId, e.outcome])).toEqual([
      ['evt_refund_refund-1', 'refunded'],
      ['evt_refund_refund-1', 'refunded'],
    ]);
  });

  it('opens nothing while switched off', async () => {
    const off = sandboxProvider({ secret: 'x', enabled: false }, async () => {});
    await expect(off.createPayment({ paymentId, amountCents: 1, currency: 'EUR', description: '', returnUrl: '/', cancelUrl: '/', idempotencyKey: 'k' })).rejects.toMatchObject({
      kind: 'rule',
    });
  });
});

describe('the payments CSV', () => {
  it('writes amounts with a decimal comma, quotes what needs it, and keeps formulas as text', async () => {
    const row = {
      id: 'a',
      createdAt: '2026-06-10T08:00:00.000Z',
      username: '=cmd()',
      transactionType: 'refund',
      amount: 1250,
      currency: 'EUR',
      paymentMethod: 'credit_card',
      paymentProvider: 'sandbox',
      providerTransactionId: null,
      status: 'completed',
      description: 'Uno; "due"',
      failureReason: null,
      completedAt: null,
      refundedAt: null,
    } as unknown as PaymentRecord;
    async function* pages() {
      yield [row];
    }
    const csv = await paymentsCsv(pages());
    expect(csv.startsWith('\uFEFFID;Data;')).toBe(true);
    expect(csv.split('\r\n')[1]).toBe(`a;2026-06-10T08:00:00.000Z;'=cmd();refund;12,50;EUR;credit_card;sandbox;;completed;"Uno; ""due""";;;`);
  });
});
