import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useProjection } from '../../../tests/support/projection.js';
import { EventLog } from '../../platform/testing/projection-spec.js';
import { paymentAccountsProjection } from './accounts-projection.js';
import { paymentAccountDecider, paymentAccountStreamId, type AccountHolderKind, type AccountProvider, type AccountStatusSeen } from './payment-account.js';

const spec = useProjection(paymentAccountsProjection);
const log = new EventLog('2026-06-10T08:00:00.000Z');

const connect = (kind: AccountHolderKind, holderId: string, provider: AccountProvider, accountId: string, at?: string) =>
  log.decide(paymentAccountStreamId(kind, holderId), paymentAccountDecider, { type: 'ConnectAccount', holderKind: kind, holderId, provider, accountId }, { at });
const said = (kind: AccountHolderKind, holderId: string, provider: AccountProvider, accountId: string, status: AccountStatusSeen, at?: string) =>
  log.decide(paymentAccountStreamId(kind, holderId), paymentAccountDecider, { type: 'ApplyAccountStatus', provider, accountId, status }, { at });

const columns = `holder_kind, holder_id, provider, account_id, charges_enabled, payouts_enabled, details_submitted, missing, pending_verification,
  disabled_reason, observed_at, connected_at, updated_at`;
const rowsOf = (holderId: string) => spec.rows(`SELECT ${columns} FROM payment_accounts WHERE holder_id = $1 ORDER BY provider`, [holderId]);

/** A row just connected: nothing said yet by the provider. */
const fresh = { charges_enabled: false, payouts_enabled: false, details_submitted: false, missing: [], pending_verification: [], disabled_reason: null, observed_at: null };

const onboarding: AccountStatusSeen = {
  chargesEnabled: false,
  payoutsEnabled: false,
  detailsSubmitted: true,
  missing: ['external_account', 'individual.dob.day'],
  pendingVerification: ['individual.verification.document'],
  disabledReason: 'requirements.past_due',
  observedAt: '2026-06-10T08:30:00.000Z',
  providerEventId: 'evt_1',
};
const enabled: AccountStatusSeen = {
  chargesEnabled: true,
  payoutsEnabled: true,
  detailsSubmitted: true,
  missing: [],
  pendingVerification: [],
  disabledReason: null,
  observedAt: '2026-06-10T09:30:00.000Z',
  providerEventId: 'evt_2',
};

describe('payment-accounts projection', () => {
  it('keeps a row per holder and provider from its connection, with what the provider last said of it', async () => {
    const [shop, other] = [randomUUID(), randomUUID()];
    await spec.apply([...connect('store', shop, 'stripe', 'acct_1', '2026-06-10T08:00:00.000Z'), ...connect('store', other, 'stripe', 'acct_2', '2026-06-10T08:01:00.000Z')]);
    const connected = (holderId: string, accountId: string, at: string) => ({
      holder_kind: 'store',
      holder_id: holderId,
      provider: 'stripe',
      account_id: accountId,
      ...fresh,
      connected_at: new Date(at),
      updated_at: new Date(at),
    });
    expect(await rowsOf(shop)).toEqual([connected(shop, 'acct_1', '2026-06-10T08:00:00.000Z')]);

    await spec.apply(said('store', shop, 'stripe', 'acct_1', onboarding, '2026-06-10T08:31:00.000Z'));
    expect(await rowsOf(shop)).toEqual([
      {
        ...connected(shop, 'acct_1', '2026-06-10T08:00:00.000Z'),
        details_submitted: true,
        missing: ['external_account', 'individual.dob.day'],
        pending_verification: ['individual.verification.document'],
        disabled_reason: 'requirements.past_due',
        observed_at: new Date('2026-06-10T08:30:00.000Z'),
        updated_at: new Date('2026-06-10T08:31:00.000Z'),
      },
    ]);

    // Taking payments: what was missing is gone, the reason too.
    await spec.apply(said('store', shop, 'stripe', 'acct_1', enabled, '2026-06-10T09:31:00.000Z'));
    const enabledRow = {
      ...connected(shop, 'acct_1', '2026-06-10T08:00:00.000Z'),
      charges_enabled: true,
      payouts_enabled: true,
      details_submitted: true,
      observed_at: new Date('2026-06-10T09:30:00.000Z'),
      updated_at: new Date('2026-06-10T09:31:00.000Z'),
    };
    expect(await rowsOf(shop)).toEqual([enabledRow]);
    // The other shop's account is left as it was.
    expect(await rowsOf(other)).toEqual([connected(other, 'acct_2', '2026-06-10T08:01:00.000Z')]);
  });

  it('keeps the test payments’ account of a shop apart from its Stripe one: a word about one leaves the other alone', async () => {
    const shop = randomUUID();
    await spec.apply([
      ...connect('store', shop, 'stripe', 'acct_3', '2026-06-10T10:00:00.000Z'),
      ...connect('store', shop, 'sandbox', 'sbxacct_3', '2026-06-10T10:01:00.000Z'),
      ...said('store', shop, 'sandbox', 'sbxacct_3', { ...enabled, observedAt: '2026-06-10T10:02:00.000Z', providerEventId: null }, '2026-06-10T10:02:00.000Z'),
    ]);
    expect(await rowsOf(shop)).toEqual([
      {
        holder_kind: 'store',
        holder_id: shop,
        provider: 'sandbox',
        account_id: 'sbxacct_3',
        ...fresh,
        charges_enabled: true,
        payouts_enabled: true,
        details_submitted: true,
        observed_at: new Date('2026-06-10T10:02:00.000Z'),
        connected_at: new Date('2026-06-10T10:01:00.000Z'),
        updated_at: new Date('2026-06-10T10:02:00.000Z'),
      },
      {
        holder_kind: 'store',
        holder_id: shop,
        provider: 'stripe',
        account_id: 'acct_3',
        ...fresh,
        connected_at: new Date('2026-06-10T10:00:00.000Z'),
        updated_at: new Date('2026-06-10T10:00:00.000Z'),
      },
    ]);
  });

  it('leaves an account alone when the update names the same id at another provider, and applies the update to the account it names', async () => {
    const [shop, collaborator] = [randomUUID(), randomUUID()];
    await spec.apply([
      ...connect('store', shop, 'stripe', 'acct_4', '2026-06-10T11:00:00.000Z'),
      ...connect('collaborator', collaborator, 'stripe', 'acct_5', '2026-06-10T11:00:00.000Z'),
    ]);
    // Recorded as it is (no decider gives a sandbox word for a Stripe id): the projection goes by provider and account together.
    await spec.apply(
      log.record(paymentAccountStreamId('store', shop), [{ type: 'PaymentAccountUpdated', data: { provider: 'sandbox', accountId: 'acct_4', ...enabled } }], {
        at: '2026-06-10T11:01:00.000Z',
      }),
    );
    await spec.apply(said('collaborator', collaborator, 'stripe', 'acct_5', onboarding, '2026-06-10T11:02:00.000Z'));
    expect(await rowsOf(shop)).toEqual([
      {
        holder_kind: 'store',
        holder_id: shop,
        provider: 'stripe',
        account_id: 'acct_4',
        ...fresh,
        connected_at: new Date('2026-06-10T11:00:00.000Z'),
        updated_at: new Date('2026-06-10T11:00:00.000Z'),
      },
    ]);
    expect(await rowsOf(collaborator)).toEqual([
      expect.objectContaining({ holder_kind: 'collaborator', account_id: 'acct_5', missing: onboarding.missing, observed_at: new Date(onboarding.observedAt) }),
    ]);
  });

  it('keeps the first account connected when a second connection of the same holder and provider comes (the decider refuses one; a replay may hold one)', async () => {
    const shop = randomUUID();
    await spec.apply([
      ...connect('store', shop, 'stripe', 'acct_6', '2026-06-10T12:00:00.000Z'),
      ...log.record(
        paymentAccountStreamId('store', shop),
        [{ type: 'PaymentAccountConnected', data: { holderKind: 'store', holderId: shop, provider: 'stripe', accountId: 'acct_7' } }],
        { at: '2026-06-10T12:01:00.000Z' },
      ),
    ]);
    expect(await spec.rows('SELECT account_id, connected_at FROM payment_accounts WHERE holder_id = $1', [shop])).toEqual([
      { account_id: 'acct_6', connected_at: new Date('2026-06-10T12:00:00.000Z') },
    ]);
  });

  it('is rebuilt from the start as it was', async () => {
    const shop = randomUUID();
    const events = [...connect('store', shop, 'stripe', 'acct_8', '2026-06-10T13:00:00.000Z'), ...said('store', shop, 'stripe', 'acct_8', onboarding, '2026-06-10T13:01:00.000Z')];
    await spec.apply(events);
    const before = await rowsOf(shop);
    await spec.reset();
    expect(await rowsOf(shop)).toEqual([]);
    await spec.apply(events, { batchSize: 1 });
    expect(await rowsOf(shop)).toEqual(before);
  });
});
