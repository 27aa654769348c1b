import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { openPayment, type ProviderOf } from '../../src/modules/payments/commands.js';
import type { PaymentFields } from '../../src/modules/payments/payment.js';
import { activeTestAccountOf } from '../../src/modules/payments/accounts-commands.js';
import { systemContext } from '../../src/platform/domain/context.js';
import type { EventStore } from '../../src/platform/eventstore/types.js';
import type { Browser, TestApp } from './app.js';
import { hangAfter } from './time-limits.js';
import type { StripePeer } from './stripe-peer.js';

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
  const position = await activeTestAccountOf(t.system.store, storeId, systemContext());
  if (position) await t.system.projections.waitFor(position, hangAfter(5000));
}

/**
 * The shop's Stripe account opened through its onboarding (the shopkeeper's button) and enabled by
 * Stripe's signed `account.updated`, at the loopback Stripe: cards are then paid to the shop. Its id.
 */
export async function enabledStripeAccount(t: TestApp, stripe: StripePeer, owner: Browser): Promise<string> {
  const started = await owner.post('/api/stores/me/payment-accounts/stripe/onboarding');
  expect(started.statusCode, started.body).toBe(200);
  const accountId = stripe.accountLinks.find((link) => link.url === started.json().url)!.account;
  const webhook = stripe.signed(stripe.onboarded(accountId));
  const res = await t.app.inject({ method: 'POST', url: '/api/payments/stripe/webhook', headers: webhook.headers, payload: webhook.body });
  expect(res.statusCode, res.body).toBe(200);
  return accountId;
}
