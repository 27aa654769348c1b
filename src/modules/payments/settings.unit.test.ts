import { describe, expect, it } from 'vitest';
import { DomainError } from '../../platform/domain/errors.js';
import { deciderSpec } from '../../platform/testing/decider-spec.js';
import { defaultPaymentSettings, paymentSettingsDecider, providersOn, type PaymentSettingsEvent } from './settings.js';

const spec = deciderSpec(paymentSettingsDecider);
const updated = (changes: PaymentSettingsEvent['data']['changes']): PaymentSettingsEvent => ({ type: 'PaymentSettingsUpdated', data: { changes } });
const sandboxOn = updated({ sandboxEnabled: true, sandboxWebhookSecret: 'firma' });

describe('the payment settings', () => {
  it('start with every provider off, in euros, PayPal in its sandbox mode', () => {
    expect(defaultPaymentSettings).toMatchObject({ sandboxEnabled: false, sandboxWebhookSecret: null, currency: 'EUR', paypalMode: 'sandbox', stripeSecretKey: null });
    expect(providersOn(defaultPaymentSettings)).toEqual(new Set());
  });

  it('record only the fields that change, and nothing when none does', () => {
    spec
      .given([])
      .when({ type: 'UpdatePaymentSettings', changes: { paypalMode: 'live', currency: 'EUR', stripePublishableKey: '' } })
      .then([updated({ paypalMode: 'live' })]);
    spec
      .given([updated({ paypalMode: 'live' })])
      .when({ type: 'UpdatePaymentSettings', changes: { paypalMode: 'live' } })
      .thenNothing();
    spec.given([]).when({ type: 'UpdatePaymentSettings', changes: {} }).thenNothing();
  });

  it('switch the sandbox on only with its webhooks’ signing key, given then or before', () => {
    spec
      .given([])
      .when({ type: 'UpdatePaymentSettings', changes: { sandboxEnabled: true } })
      .thenThrows(DomainError, { kind: 'rule', message: 'Per attivare i pagamenti di prova serve la chiave di firma dei webhook.' });
    spec
      .given([])
      .when({ type: 'UpdatePaymentSettings', changes: { sandboxEnabled: true, sandboxWebhookSecret: 'firma' } })
      .then([sandboxOn]);
    spec
      .given([updated({ sandboxWebhookSecret: 'firma' })])
      .when({ type: 'UpdatePaymentSettings', changes: { sandboxEnabled: true } })
      .then([updated({ sandboxEnabled: true })]);
    spec
      .given([sandboxOn])
      .when({ type: 'UpdatePaymentSettings', changes: { sandboxWebhookSecret: null } })
      .thenThrows(DomainError, { kind: 'rule', message: 'Per attivare i pagamenti di prova serve la chiave di firma dei webhook.' });
    spec
      .given([sandboxOn])
      .when({ type: 'UpdatePaymentSettings', changes: { sandboxEnabled: false } })
      .then([updated({ sandboxEnabled: false })]);
  });

  it('take a Stripe publishable key that starts with pk_, or none', () => {
    const message = 'Chiave pubblicabile Stripe: inizia con pk_.';
    spec
      .given([])
      .when({ type: 'UpdatePaymentSettings', changes: { stripePublishableKey: 'sk_live_x' } })
      .thenThrows(DomainError, { kind: 'rule', message, errors: { stripePublishableKey: message } });
    spec
      .given([])
      .when({ type: 'UpdatePaymentSettings', changes: { stripePublishableKey: 'pk_' } })
      .then([updated({ stripePublishableKey: 'pk_' })]);
    spec
      .given([updated({ stripePublishableKey: 'pk_x' })])
      .when({ type: 'UpdatePaymentSettings', changes: { stripePublishableKey: '' } })
      .then([updated({ stripePublishableKey: '' })]);
  });

  it('turn a provider on once all its keys are there', () => {
    const stripe = { ...defaultPaymentSettings, stripeSecretKey: 'sk_x' };
    expect(providersOn(stripe)).toEqual(new Set());
    expect(providersOn({ ...stripe, stripeWebhookSecret: 'whsec_x' })).toEqual(new Set(['stripe']));
    const paypal = { ...defaultPaymentSettings, paypalClientId: 'id', paypalClientSecret: 'segreto' };
    expect(providersOn(paypal)).toEqual(new Set());
    expect(providersOn({ ...paypal, paypalWebhookId: 'wh', sandboxEnabled: true, sandboxWebhookSecret: 'firma' })).toEqual(new Set(['paypal', 'sandbox']));
  });
});
