import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { readPaymentSettings } from '../../src/modules/payments/queries.js';
import { sandboxSignatureHeader, sandboxTransactionId, sandboxWebhook } from '../../src/modules/payments/sandbox.js';
import type { Browser, TestApp } from './app.js';

/** The admin (`admin`) refunds a sandbox payment; the sandbox confirms it by its signed webhook. */
export async function sandboxRefundConfirmed(t: Pick<TestApp, 'app' | 'system'>, admin: Browser, paymentId: string): Promise<void> {
  const res = await admin.post(`/api/admin/payments/${paymentId}/refund`);
  expect(res.statusCode, res.body).toBe(200);
  const secret = (await readPaymentSettings(t.system.db)).sandboxWebhookSecret!;
  const { body, headers } = sandboxWebhook(
    secret,
    { id: `evt_${randomUUID()}`, type: 'refund.succeeded', paymentId, providerTransactionId: sandboxTransactionId(paymentId) },
    new Date(),
  );
  const hook = await t.app.inject({
    method: 'POST',
    url: '/api/payments/sandbox/webhook',
    headers: { 'content-type': 'application/json', [sandboxSignatureHeader]: headers[sandboxSignatureHeader] as string },
    payload: body,
  });
  expect(hook.statusCode, hook.body).toBe(200);
}
