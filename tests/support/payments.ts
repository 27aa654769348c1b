import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { openPayment, type ProviderOf } from '../../src/modules/payments/commands.js';
import type { PaymentFields } from '../../src/modules/payments/payment.js';
import { paymentAccountDecider, paymentAccountStreamId } from '../../src/modules/payments/payment-account.js';
import { sandboxAccountId } from '../../src/modules/payments/sandbox.js';
import { handleCommand } from '../../src/platform/commands/handle-command.js';
import { systemContext } from '../../src/platform/domain/context.js';
import type { EventStore } from '../../src/platform/eventstore/types.js';
import type { Browser, TestApp } from './app.js';
import { hangAfter } from './time-limits.js';

/** A payment by card of a Premium plan (29.90 €) through the sandbox, for no package or assignment in particular; `changes` override any field. */
export function aPayment(userId: string, changes: Partial<PaymentFields> = {}): PaymentFields {
  return {
    userId,
    transactionType: 'package_purchase',
    amountCents: 2990,
    currency: 'EUR',
    paymentMethod: 'credit_card',
    paymentProvider: 'sandbox',
    description: 'Piano Premium, 30 giorni',
    packageId: null,
    assignmentId: null,
    metadata: { purpose: { kind: 'test' } },
    ...changes,
  };
}

/** The types of the payment's events, in the order the log keeps them. */
export async function paymentEventTypes(store: EventStore, paymentId: string): Promise<string[]> {
  return (await store.readStream(`payment-${paymentId}`)).map((e) => e.type);
}

/** The admin asks twice for the payment's refund (a double click, a retry): both answered 200. */
export async function refundAskedTwice(admin: Browser, paymentId: string): Promise<void> {
  for (let i = 0; i < 2; i++) {
    const res = await admin.post(`/api/admin/payments/${paymentId}/refund`);
    expect(res.statusCode, res.body).toBe(200);
  }
}

/** A payment of `fields` opened with the module's command as a purchase opens it, through `providers`, once its read model has it. */
export async function openedThrough(t: TestApp, providers: ProviderOf, fields: PaymentFields) {
  const payment = await openPayment(
    { store: t.system.store, providers },
    { id: randomUUID(), fields, returnUrl: 'http://127.0.0.1/ok', cancelUrl: 'http://127.0.0.1/annullato' },
    systemContext(),
  );
  await t.system.projections.waitFor(payment.position!, hangAfter(5000));
  return payment;
}

/** The payment's status as the admin's page of it says. */
export async function paymentStatus(admin: Browser, paymentId: string): Promise<string> {
  const res = await admin.get(`/api/admin/payments/${paymentId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().status as string;
}

/**
 * The shop's test account opened and active, as the sandbox's onboarding page and its webhook make
 * it (payments/payment-account.ts): what a shop needs to be paid online with the test payments.
 */
export async function activeTestAccount(t: Pick<TestApp, 'system'>, storeId: string): Promise<void> {
  const streamId = paymentAccountStreamId('store', storeId);
  const accountId = sandboxAccountId(storeId);
  await handleCommand(
    t.system.store,
    streamId,
    paymentAccountDecider,
    { type: 'ConnectAccount', holderKind: 'store', holderId: storeId, provider: 'sandbox', accountId },
    systemContext(),
  );
  const status = {
    chargesEnabled: true,
    payoutsEnabled: true,
    detailsSubmitted: true,
    missing: [],
    pendingVerification: [],
    disabledReason: null,
    observedAt: new Date().toISOString(),
    providerEventId: `evt_${accountId}_activated`,
  };
  const { position } = await handleCommand(
    t.system.store,
    streamId,
    paymentAccountDecider,
    { type: 'ApplyAccountStatus', provider: 'sandbox', accountId, status },
    systemContext(),
  );
  if (position) await t.system.projections.waitFor(position, hangAfter(5000));
}
