import type { DomainEvent } from '../../platform/domain/decider.js';
import { DomainError } from '../../platform/domain/errors.js';
import { settingsDecider } from '../../platform/domain/settings.js';

export const paymentSettingsStreamId = 'payment-settings';

export const paypalModes = ['sandbox', 'live'] as const;
export type PaypalMode = (typeof paypalModes)[number];

/** The secrets of the record: stored in its events, masked in every answer, the history and the export. */
export const paymentSecretFields = ['stripeSecretKey', 'stripeWebhookSecret', 'stripeConnectWebhookSecret', 'paypalClientSecret'] as const;
export type PaymentSecretField = (typeof paymentSecretFields)[number];

/**
 * How Vicino takes money: the built-in sandbox ("Pagamenti di prova — nessun addebito reale") and
 * the real providers' keys. `sandboxWebhookSecret` signs the sandbox's webhooks: made by the server
 * when the sandbox is first switched on, never typed nor shown.
 */
export interface PaymentSettings {
  sandboxEnabled: boolean;
  sandboxWebhookSecret: string | null;
  currency: 'EUR';
  stripePublishableKey: string;
  stripeSecretKey: string | null;
  stripeWebhookSecret: string | null;
  /** The signing secret of the Connect endpoint (the events of the shops' accounts: account.updated, payout.*), when it is another endpoint. */
  stripeConnectWebhookSecret: string | null;
  paypalClientId: string;
  paypalClientSecret: string | null;
  paypalWebhookId: string;
  paypalMode: PaypalMode;
  /** The platform's own PayPal merchant id (the partner's): the shops' PayPal accounts are onboarded and read under it. */
  paypalPartnerMerchantId: string;
}

export const defaultPaymentSettings: PaymentSettings = {
  sandboxEnabled: false,
  sandboxWebhookSecret: null,
  currency: 'EUR',
  stripePublishableKey: '',
  stripeSecretKey: null,
  stripeWebhookSecret: null,
  stripeConnectWebhookSecret: null,
  paypalClientId: '',
  paypalClientSecret: null,
  paypalWebhookId: '',
  paypalMode: 'sandbox',
  paypalPartnerMerchantId: '',
};

export type PaymentSettingsCommand = { type: 'UpdatePaymentSettings'; changes: Partial<PaymentSettings> };
export type PaymentSettingsEvent = DomainEvent<'PaymentSettingsUpdated', { changes: Partial<PaymentSettings> }>;

export const paymentSettingsDecider = settingsDecider({
  command: 'UpdatePaymentSettings',
  event: 'PaymentSettingsUpdated',
  defaults: defaultPaymentSettings,
  check: (_asked, next) => {
    if (next.sandboxEnabled && !next.sandboxWebhookSecret) {
      // The command makes the secret; a record that would sign nothing is a bug, not a choice.
      throw new DomainError('Per attivare i pagamenti di prova serve la chiave di firma dei webhook.', 'rule');
    }
    if (next.stripePublishableKey && !next.stripePublishableKey.startsWith('pk_')) {
      const message = 'Chiave pubblicabile Stripe: inizia con pk_.';
      throw new DomainError(message, 'rule', { stripePublishableKey: message });
    }
  },
});

/** The providers the platform can take payments with now: the real ones once their keys are all there, the sandbox while it is on. */
export function providersOn(settings: PaymentSettings): Set<'stripe' | 'paypal' | 'sandbox'> {
  const on = new Set<'stripe' | 'paypal' | 'sandbox'>();
  if (settings.stripeSecretKey && settings.stripeWebhookSecret) on.add('stripe');
  if (settings.paypalClientId && settings.paypalClientSecret && settings.paypalWebhookId) on.add('paypal');
  if (settings.sandboxEnabled) on.add('sandbox');
  return on;
}
