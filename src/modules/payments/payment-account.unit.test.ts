import { describe, expect, it } from 'vitest';
import { fold } from '../../platform/domain/decider.js';
import { DomainError } from '../../platform/domain/errors.js';
import { deciderSpec } from '../../platform/testing/decider-spec.js';
import {
  accountStatusOf,
  paymentAccountDecider,
  paymentAccountStreamId,
  type AccountProvider,
  type AccountStatusSeen,
  type PaymentAccountCommand,
  type PaymentAccountEvent,
  type PayoutSeen,
} from './payment-account.js';

const shop = 'shop-1';
const connect = (provider: AccountProvider = 'stripe', accountId = 'acct_1'): PaymentAccountCommand => ({
  type: 'ConnectAccount',
  holderKind: 'store',
  holderId: shop,
  provider,
  accountId,
});
const connected = (provider: AccountProvider = 'stripe', accountId = 'acct_1'): PaymentAccountEvent => ({
  type: 'PaymentAccountConnected',
  data: { holderKind: 'store', holderId: shop, provider, accountId },
});

/** An account that takes payments, as Stripe's `account.updated` says at 08:00. */
const status = (changes: Partial<AccountStatusSeen> = {}): AccountStatusSeen => ({
  chargesEnabled: true,
  payoutsEnabled: true,
  detailsSubmitted: true,
  missing: [],
  pendingVerification: [],
  disabledReason: null,
  observedAt: '2026-06-10T08:00:00.000Z',
  providerEventId: 'evt_1',
  ...changes,
});
const apply = (changes: Partial<AccountStatusSeen> = {}, accountId = 'acct_1', provider: AccountProvider = 'stripe'): PaymentAccountCommand => ({
  type: 'ApplyAccountStatus',
  provider,
  accountId,
  status: status(changes),
});
const updated = (changes: Partial<AccountStatusSeen> = {}, accountId = 'acct_1', provider: AccountProvider = 'stripe'): PaymentAccountEvent => ({
  type: 'PaymentAccountUpdated',
  data: { provider, accountId, ...status(changes) },
});

/** Still to be onboarded: what Stripe says of an account just opened. */
const onboarding: Partial<AccountStatusSeen> = {
  chargesEnabled: false,
  payoutsEnabled: false,
  detailsSubmitted: false,
  missing: ['business_profile.url', 'external_account', 'individual.verification.document'],
  disabledReason: 'requirements.past_due',
  observedAt: '2026-06-10T07:00:00.000Z',
  providerEventId: 'evt_0',
};

const notHis = { kind: 'invalid', message: 'Il fornitore dei pagamenti ha indicato un conto che non è dei suoi.' } as const;
const unreadable = { kind: 'invalid', message: 'Il fornitore dei pagamenti ha indicato requisiti non leggibili.' } as const;

describe('a shop’s payment accounts', () => {
  const spec = deciderSpec(paymentAccountDecider);

  it('are streams named by the holder’s kind and id', () => {
    expect(paymentAccountStreamId('store', 'abc')).toBe('payment-account-store-abc');
    expect(paymentAccountStreamId('collaborator', 'abc')).toBe('payment-account-collaborator-abc');
  });

  describe('ConnectAccount', () => {
    it('connects the provider’s account once: the same account again changes nothing', () => {
      spec.given([]).when(connect()).then([connected()]);
      spec.given([connected()]).when(connect()).thenNothing();
      spec.given([connected(), updated()]).when(connect()).thenNothing();
    });

    it('keeps one account at each provider: another at the same provider is refused, one at another provider is connected', () => {
      spec
        .given([connected()])
        .when(connect('stripe', 'acct_2'))
        .thenThrows(DomainError, { kind: 'conflict', message: 'Questo negozio ha già un conto presso questo fornitore di pagamenti.' });
      spec
        .given([connected()])
        .when(connect('sandbox', 'sbxacct_1'))
        .then([connected('sandbox', 'sbxacct_1')]);
      spec
        .given([connected(), connected('sandbox', 'sbxacct_1')])
        .when(connect('sandbox', 'sbxacct_2'))
        .thenThrows(DomainError, { kind: 'conflict' });
    });

    it('keeps the holder it was first connected for', () => {
      const state = fold(paymentAccountDecider, [connected(), connected('sandbox', 'sbxacct_1')]);
      expect(state.holder).toEqual({ kind: 'store', id: shop });
      expect(state.accounts.stripe).toMatchObject({ accountId: 'acct_1', chargesEnabled: false, missing: [], observedAt: null });
      expect(state.accounts.sandbox).toMatchObject({ accountId: 'sbxacct_1', observedAt: null });
    });

    it('refuses an account id that is not the provider’s kind', () => {
      for (const [provider, accountId] of [
        ['stripe', 'sbxacct_1'],
        ['stripe', 'acct_'],
        ['stripe', 'acct_1 2'],
        ['stripe', 'acct_1-2'],
        ['stripe', `acct_${'a'.repeat(61)}`],
        ['stripe', 'ACCT_1'],
        ['stripe', ''],
        ['sandbox', 'acct_1'],
        ['sandbox', 'sbxacct_'],
        ['sandbox', `sbxacct_${'a'.repeat(81)}`],
        ['sandbox', 'sbxacct_1/2'],
        // PayPal's merchant ids: 8 to 20 capitals and digits.
        ['paypal', 'acct_1'],
        ['paypal', 'abcdefghijk'],
        ['paypal', 'ABC1234'],
        ['paypal', 'A'.repeat(21)],
        ['paypal', 'ABCD-1234567'],
      ] as const) {
        spec.given([]).when(connect(provider, accountId)).thenThrows(DomainError, notHis);
      }
      spec
        .given([])
        .when(connect('stripe', `acct_${'a'.repeat(60)}`))
        .then([connected('stripe', `acct_${'a'.repeat(60)}`)]);
      spec
        .given([])
        .when(connect('sandbox', 'sbxacct_0f8e-4c1a'))
        .then([connected('sandbox', 'sbxacct_0f8e-4c1a')]);
      spec
        .given([])
        .when(connect('paypal', '3DADD381FAE8F'))
        .then([connected('paypal', '3DADD381FAE8F')]);
    });
  });

  describe('ApplyAccountStatus', () => {
    it('records what the provider says the account can do, the first word even when it says nothing new', () => {
      spec.given([connected()]).when(apply()).then([updated()]);
      spec
        .given([connected()])
        .when(apply(onboarding))
        .then([updated(onboarding)]);
      const nothing = { chargesEnabled: false, payoutsEnabled: false, detailsSubmitted: false, providerEventId: null };
      spec
        .given([connected()])
        .when(apply(nothing))
        .then([updated(nothing)]);
      spec
        .given([connected(), updated(onboarding)])
        .when(apply())
        .then([updated()]);
    });

    it('refuses a word about an account the holder does not have: none connected, another id, another provider’s', () => {
      const notFound = { kind: 'not-found', message: 'Conto di pagamento non trovato.' } as const;
      spec.given([]).when(apply()).thenThrows(DomainError, notFound);
      spec.given([connected()]).when(apply({}, 'acct_2')).thenThrows(DomainError, notFound);
      spec
        .given([connected()])
        .when(apply({}, 'sbxacct_1', 'sandbox'))
        .thenThrows(DomainError, notFound);
      spec.given([connected()]).when(apply({}, 'sbxacct_1')).thenThrows(DomainError, notHis);
    });

    it('changes nothing on a word older than the one applied (webhooks out of order); one of the same moment is applied', () => {
      spec.given([connected(), updated()]).when(apply(onboarding)).thenNothing();
      spec
        .given([connected(), updated()])
        .when(apply({ ...onboarding, observedAt: '2026-06-10T07:59:59.999Z' }))
        .thenNothing();
      spec
        .given([connected(), updated()])
        .when(apply({ ...onboarding, observedAt: '2026-06-10T08:00:00.000Z' }))
        .then([updated({ ...onboarding, observedAt: '2026-06-10T08:00:00.000Z' })]);
      // Compared as times, not as text: the same moment in another zone.
      spec
        .given([connected(), updated()])
        .when(apply({ ...onboarding, observedAt: '2026-06-10T09:59:00+02:00' }))
        .thenNothing();
    });

    it('changes nothing on the same provider event again (a webhook delivered twice), whatever it says', () => {
      spec.given([connected(), updated()]).when(apply()).thenNothing();
      spec
        .given([connected(), updated()])
        .when(apply({ ...onboarding, observedAt: '2026-06-11T08:00:00.000Z', providerEventId: 'evt_1' }))
        .thenNothing();
      spec
        .given([connected(), updated(onboarding), updated()])
        .when(apply({ ...onboarding, observedAt: '2026-06-11T08:00:00.000Z' }))
        .thenNothing();
      // A word read back (no event id) is never one already seen.
      spec
        .given([connected(), updated({ providerEventId: null })])
        .when(apply({ ...onboarding, observedAt: '2026-06-11T08:00:00.000Z', providerEventId: null }))
        .then([updated({ ...onboarding, observedAt: '2026-06-11T08:00:00.000Z', providerEventId: null })]);
    });

    it('changes nothing on a later word that says the same capabilities', () => {
      const later = { observedAt: '2026-06-11T08:00:00.000Z', providerEventId: 'evt_2' };
      spec.given([connected(), updated()]).when(apply(later)).thenNothing();
      spec
        .given([connected(), updated({ providerEventId: null })])
        .when(apply({ ...later, providerEventId: null }))
        .thenNothing();
      // Any capability said otherwise is news.
      for (const changes of [
        { chargesEnabled: false },
        { payoutsEnabled: false },
        { detailsSubmitted: false },
        { missing: ['external_account'] },
        { pendingVerification: ['individual.verification.document'] },
        { disabledReason: 'rejected.fraud' },
      ]) {
        spec
          .given([connected(), updated()])
          .when(apply({ ...later, ...changes }))
          .then([updated({ ...later, ...changes })]);
      }
      // The same names in another order are said otherwise.
      spec
        .given([connected(), updated({ missing: ['a', 'b'] })])
        .when(apply({ ...later, missing: ['b', 'a'] }))
        .then([updated({ ...later, missing: ['b', 'a'] })]);
    });

    it('applies the test payments’ account the same way, apart from Stripe’s', () => {
      const given = [connected(), updated(), connected('sandbox', 'sbxacct_1')];
      spec
        .given(given)
        .when(apply({}, 'sbxacct_1', 'sandbox'))
        .then([updated({}, 'sbxacct_1', 'sandbox')]);
      spec
        .given([...given, updated({}, 'sbxacct_1', 'sandbox')])
        .when(apply({ providerEventId: 'evt_2' }, 'sbxacct_1', 'sandbox'))
        .thenNothing();
      const state = fold(paymentAccountDecider, [...given, updated(onboarding, 'sbxacct_1', 'sandbox')]);
      expect(state.accounts.stripe).toMatchObject({ chargesEnabled: true, observedAt: '2026-06-10T08:00:00.000Z' });
      expect(state.accounts.sandbox).toMatchObject({ chargesEnabled: false, observedAt: '2026-06-10T07:00:00.000Z', missing: onboarding.missing });
    });

    it('refuses a time that is no time, or one the read model cannot hold (ISO 8601, from 2000 to 2200)', () => {
      for (const observedAt of [
        '',
        'ieri',
        '2026-13-45T99:00:00Z',
        'Wed, 10 Jun 2026 08:00:00 GMT',
        '2026-06-10',
        '1999-12-31T23:59:59.999Z',
        '2201-01-01T00:00:00.000Z',
        '0000-01-01T00:00:00.000Z',
        '+275760-09-13T00:00:00.000Z',
        '-271821-04-20T00:00:00.000Z',
      ]) {
        spec.given([connected()]).when(apply({ observedAt })).thenThrows(DomainError, { kind: 'invalid', message: 'Il fornitore dei pagamenti ha indicato una data non valida.' });
      }
      for (const observedAt of ['2000-01-01T00:00:00.000Z', '2200-12-31T23:59:59.999Z', '2026-06-10T10:00:00+02:00']) {
        spec
          .given([connected()])
          .when(apply({ observedAt }))
          .then([updated({ observedAt })]);
      }
    });

    it('refuses requirements it cannot read: names not in the provider’s spelling, or too many', () => {
      for (const names of [[''], ['individual first_name'], ['individual.<script>'], ['person;drop'], ['n'.repeat(201)], ['è'], Array.from({ length: 201 }, (_, i) => `r${i}`)]) {
        spec
          .given([connected()])
          .when(apply({ missing: names }))
          .thenThrows(DomainError, unreadable);
        spec
          .given([connected()])
          .when(apply({ pendingVerification: names }))
          .thenThrows(DomainError, unreadable);
      }
      // Two hundred in all, between the two lists, and no more.
      const hundred = Array.from({ length: 100 }, (_, i) => `r${i}`);
      spec
        .given([connected()])
        .when(apply({ missing: hundred, pendingVerification: [...hundred, 'one_more'] }))
        .thenThrows(DomainError, unreadable);
      spec
        .given([connected()])
        .when(apply({ missing: hundred, pendingVerification: hundred }))
        .then([updated({ missing: hundred, pendingVerification: hundred })]);
      // The provider's own names: dotted paths, underscores, hyphens, indexes in brackets.
      const stripeNames = ['individual.verification.document', 'person_1Nx.dob.day', 'company.owners[0].first_name', 'tos_acceptance.date', 'n'.repeat(200)];
      spec
        .given([connected()])
        .when(apply({ missing: stripeNames }))
        .then([updated({ missing: stripeNames })]);
    });

    it('refuses a reason it cannot read', () => {
      for (const disabledReason of ['', 'requirements past due', 'rejected/fraud', 'x'.repeat(201)]) {
        spec
          .given([connected()])
          .when(apply({ disabledReason }))
          .thenThrows(DomainError, { kind: 'invalid', message: 'Il fornitore dei pagamenti ha indicato un motivo non leggibile.' });
      }
      spec
        .given([connected()])
        .when(apply({ chargesEnabled: false, disabledReason: 'rejected.terms_of_service' }))
        .then([updated({ chargesEnabled: false, disabledReason: 'rejected.terms_of_service' })]);
    });
  });
});

describe('an account’s status in one word', () => {
  const capabilities = { chargesEnabled: false, payoutsEnabled: false, detailsSubmitted: false, missing: [], pendingVerification: [], disabledReason: null };

  it('is enabled when it takes payments and pays out; restricted when it takes them and does not pay out', () => {
    expect(accountStatusOf({ ...capabilities, chargesEnabled: true, payoutsEnabled: true, detailsSubmitted: true })).toBe('enabled');
    expect(accountStatusOf({ ...capabilities, chargesEnabled: true, missing: ['external_account'] })).toBe('restricted');
  });

  it('is restricted when it is off for another reason than requirements', () => {
    expect(accountStatusOf({ ...capabilities, disabledReason: 'rejected.fraud' })).toBe('restricted');
    expect(accountStatusOf({ ...capabilities, disabledReason: 'requirements.past_due', missing: ['external_account'] })).toBe('details_missing');
  });

  it('misses details while some are due or the form is not sent; else the provider is checking', () => {
    expect(accountStatusOf(capabilities)).toBe('details_missing');
    expect(accountStatusOf({ ...capabilities, detailsSubmitted: true, missing: ['external_account'] })).toBe('details_missing');
    expect(accountStatusOf({ ...capabilities, detailsSubmitted: true })).toBe('verification_pending');
    expect(
      accountStatusOf({ ...capabilities, detailsSubmitted: true, pendingVerification: ['individual.verification.document'], disabledReason: 'requirements.pending_verification' }),
    ).toBe('verification_pending');
  });

  describe('ApplyPayout', () => {
    const spec = deciderSpec(paymentAccountDecider);
    const payout = (changes: Partial<PayoutSeen> = {}): PaymentAccountCommand => ({
      type: 'ApplyPayout',
      provider: 'stripe',
      accountId: 'acct_1',
      payout: { payoutId: 'po_1', amountCents: 5_000, status: 'paid', arrivalDate: '2026-06-12', failureCode: null, failureMessage: null, providerEventId: 'evt_po', ...changes },
    });
    const data = { provider: 'stripe' as const, accountId: 'acct_1', payoutId: 'po_1', amountCents: 5_000, arrivalDate: '2026-06-12', providerEventId: 'evt_po' };
    const paid: PaymentAccountEvent = { type: 'PaymentAccountPayoutPaid', data };
    const failed = (wasPaid: boolean): PaymentAccountEvent => ({
      type: 'PaymentAccountPayoutFailed',
      data: { ...data, providerEventId: 'evt_po_f', failureCode: 'no_account', failureMessage: null, wasPaid },
    });
    const failure = { status: 'failed' as const, failureCode: 'no_account', providerEventId: 'evt_po_f' };

    it('records a payout paid once, and its failure once: after it was paid (the money comes back) or before', () => {
      spec.given([connected()]).when(payout()).then([paid]);
      spec.given([connected(), paid]).when(payout()).thenNothing();
      spec
        .given([connected(), paid])
        .when(payout(failure))
        .then([failed(true)]);
      spec
        .given([connected()])
        .when(payout(failure))
        .then([failed(false)]);
      // Failed is final: told again, or paid late, nothing more.
      spec
        .given([connected(), paid, failed(true)])
        .when(payout(failure))
        .thenNothing();
      spec
        .given([connected(), failed(false)])
        .when(payout())
        .thenNothing();
    });

    it('refuses what no read model could keep: an amount, a day, an id, and an account that is not the holder’s', () => {
      const bad = (message: string) => ({ kind: 'invalid', message }) as const;
      spec
        .given([connected()])
        .when(payout({ amountCents: -1 }))
        .thenThrows(DomainError, bad('Il fornitore dei pagamenti ha indicato un importo del bonifico non valido.'));
      spec
        .given([connected()])
        .when(payout({ amountCents: 10.5 }))
        .thenThrows(DomainError, bad('Il fornitore dei pagamenti ha indicato un importo del bonifico non valido.'));
      spec
        .given([connected()])
        .when(payout({ arrivalDate: '2026-02-30' }))
        .thenThrows(DomainError, bad('Il fornitore dei pagamenti ha indicato una data non valida.'));
      spec
        .given([connected()])
        .when(payout({ payoutId: 'po 1' }))
        .thenThrows(DomainError, bad('Il fornitore dei pagamenti ha indicato un bonifico non leggibile.'));
      spec
        .given([connected()])
        .when({ ...payout(), accountId: 'acct_2' })
        .thenThrows(DomainError, { kind: 'not-found' });
    });
  });
});
