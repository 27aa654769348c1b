import type { Pool } from '../../platform/db/pool.js';
import type { ReadDb } from '../../platform/db/read.js';
import { handleCommand, loadState } from '../../platform/commands/handle-command.js';
import type { CommandContext } from '../../platform/domain/context.js';
import { DomainError } from '../../platform/domain/errors.js';
import type { EventStore, Position } from '../../platform/eventstore/types.js';
import { askProvider } from './ask-provider.js';
import type { ProviderOf } from './commands.js';
import { paymentAccountDecider, paymentAccountStreamId, type AccountHolderKind, type AccountProvider, type PayoutSeen } from './payment-account.js';
import type { AccountSeen, ConnectedAccounts } from './providers.js';
import { holderOfAccount } from './accounts-queries.js';
import { sandboxAccountId } from './sandbox.js';

/*
 * A shop's payment accounts (issue [20]): opened at the provider once (its idempotency key is the
 * shop's and the provider's), onboarded on the provider's hosted page, and told what they can do by
 * the provider (its webhook, or read back when the shopkeeper returns from that page).
 */

export interface AccountDeps {
  store: EventStore;
  db: ReadDb;
  pool: Pool;
  providers: ProviderOf;
  /** The providers the platform takes payments with now. */
  onlineMethods(): Promise<ReadonlySet<string>>;
}

/** Whose accounts they are: the shopkeeper's shop, or the collaborator, as their session names it. */
export interface AccountHolderShop {
  kind: AccountHolderKind;
  id: string;
  name: string;
  email: string | null;
}

const notOffered: Record<AccountProvider, string> = {
  stripe: 'I pagamenti con carta (Stripe) non sono ancora attivi sulla piattaforma: l’amministrazione deve configurarli.',
  sandbox: 'I pagamenti di prova non sono attivi: li attiva l’amministrazione nelle impostazioni dei pagamenti.',
  paypal: 'I pagamenti con PayPal non sono ancora attivi sulla piattaforma: l’amministrazione deve configurarli.',
};

async function accountsAt(deps: AccountDeps, provider: AccountProvider): Promise<ConnectedAccounts> {
  if (!(await deps.onlineMethods()).has(provider)) throw new DomainError(notOffered[provider], 'rule');
  const accounts = (await deps.providers(provider)).accounts;
  if (!accounts) throw new DomainError(notOffered[provider], 'rule');
  return accounts;
}

const unanswered = 'Il fornitore dei pagamenti non risponde: riprova tra poco.';

/**
 * The provider's onboarding page for the shop's account, the account opened first if the shop has
 * none there (pressed twice, the provider opens one: the same key). `back` is the shop's settings
 * page, where the provider sends the shopkeeper once done (or when its link expired).
 */
export async function startOnboarding(
  deps: AccountDeps,
  shop: AccountHolderShop,
  provider: AccountProvider,
  back: { returnUrl: string; refreshUrl: string },
  ctx: CommandContext,
): Promise<{ url: string; position: Position | null }> {
  const accounts = await accountsAt(deps, provider);
  const streamId = paymentAccountStreamId(shop.kind, shop.id);
  const loaded = await loadState(deps.store, streamId, paymentAccountDecider);
  let accountId = loaded.state.accounts[provider]?.accountId ?? null;
  let position: Position | null = null;
  if (!accountId && accounts.createAccount) {
    const createAccount = accounts.createAccount.bind(accounts);
    const made = await askProvider(
      () => createAccount({ holderKind: shop.kind, holderId: shop.id, businessName: shop.name, email: shop.email, idempotencyKey: `${streamId}-${provider}` }),
      unanswered,
    );
    accountId = made.accountId;
    position = (
      await handleCommand(deps.store, streamId, paymentAccountDecider, { type: 'ConnectAccount', holderKind: shop.kind, holderId: shop.id, provider, accountId }, ctx, { loaded })
    ).position;
  }
  const holder = { holderKind: shop.kind, holderId: shop.id, businessName: shop.name, email: shop.email };
  const { url } = await askProvider(() => accounts.onboardingLink({ accountId, ...holder, ...back }), unanswered);
  return { url, position };
}

/** What the provider says of the holder's account now, read back from it (the holder is back from its page). */
export async function refreshAccount(deps: AccountDeps, holder: { kind: AccountHolderKind; id: string }, provider: AccountProvider, ctx: CommandContext): Promise<Position | null> {
  const streamId = paymentAccountStreamId(holder.kind, holder.id);
  const { state } = await loadState(deps.store, streamId, paymentAccountDecider);
  const account = state.accounts[provider];
  const accounts = (await deps.providers(provider)).accounts;
  if (!account) {
    // Back from a provider that tells the account only now (PayPal's merchant id): found by the holder.
    const found = accounts?.findAccount ? await askProvider(() => accounts.findAccount!(holder), unanswered) : null;
    if (found) return applyAccountNews(deps, provider, { ...found, holder }, null, ctx);
    const whose = holder.kind === 'store' ? 'Il negozio non ha' : 'Non hai';
    throw new DomainError(`${whose} ancora un conto presso questo fornitore: collegalo prima (o completa i passaggi sulla pagina del fornitore).`, 'not-found');
  }
  const seen = accounts ? await askProvider(() => accounts.readAccount(account.accountId), unanswered) : null;
  if (!seen) return null;
  return applyAccountNews(deps, provider, seen, null, ctx);
}

/**
 * The provider's word on an account (a verified webhook, or the account read back): applied to
 * its holder's stream once, an older word than the one applied changing nothing. An account that
 * is none of ours is a 404, which the provider retries (its webhook may overtake our record).
 */
export async function applyAccountNews(
  deps: Pick<AccountDeps, 'store' | 'db'>,
  provider: AccountProvider,
  seen: AccountSeen,
  providerEventId: string | null,
  ctx: CommandContext,
): Promise<Position | null> {
  const holder = seen.holder ?? (await holderOfAccount(deps.db, provider, seen.accountId));
  if (!holder) throw new DomainError('Conto di pagamento non trovato.', 'not-found');
  const { accountId, holder: _holder, ...status } = seen;
  const streamId = paymentAccountStreamId(holder.kind, holder.id);
  // A provider whose accounts are known only once onboarded (PayPal): its first word connects it.
  let connected: Position | null = null;
  if (provider === 'paypal') {
    const connect = { type: 'ConnectAccount' as const, holderKind: holder.kind, holderId: holder.id, provider, accountId };
    connected = (await handleCommand(deps.store, streamId, paymentAccountDecider, connect, ctx)).position;
  }
  const applied = await handleCommand(
    deps.store,
    streamId,
    paymentAccountDecider,
    { type: 'ApplyAccountStatus', provider, accountId, status: { ...status, providerEventId } },
    ctx,
  );
  return applied.position ?? connected;
}

/**
 * A payout of an account's balance to its holder's bank (paid, or failed), applied to the holder's
 * stream once: reported again, or paid after it failed, it changes nothing. An account that is none
 * of ours is a 404, which the provider retries.
 */
export async function applyPayoutNews(
  deps: Pick<AccountDeps, 'store' | 'db'>,
  provider: AccountProvider,
  { accountId, ...payout }: { accountId: string } & PayoutSeen,
  ctx: CommandContext,
): Promise<Position | null> {
  const holder = await holderOfAccount(deps.db, provider, accountId);
  if (!holder) throw new DomainError('Conto di pagamento non trovato.', 'not-found');
  const streamId = paymentAccountStreamId(holder.kind, holder.id);
  return (await handleCommand(deps.store, streamId, paymentAccountDecider, { type: 'ApplyPayout', provider, accountId, payout }, ctx)).position;
}

/**
 * The shop's test account opened and active at once, as the sandbox's page and its webhook make it:
 * the demo's shops (npm start) take test payments from the first minute. Run again, nothing new.
 */
export async function activeTestAccountOf(store: EventStore, storeId: string, ctx: CommandContext): Promise<Position | null> {
  const streamId = paymentAccountStreamId('store', storeId);
  const accountId = sandboxAccountId(storeId);
  const connected = await handleCommand(
    store,
    streamId,
    paymentAccountDecider,
    { type: 'ConnectAccount', holderKind: 'store', holderId: storeId, provider: 'sandbox', accountId },
    ctx,
  );
  const status = {
    chargesEnabled: true,
    payoutsEnabled: true,
    detailsSubmitted: true,
    missing: [],
    pendingVerification: [],
    disabledReason: null,
    observedAt: ctx.now.toISOString(),
    providerEventId: `evt_${accountId}_activated`,
  };
  const updated = await handleCommand(store, streamId, paymentAccountDecider, { type: 'ApplyAccountStatus', provider: 'sandbox', accountId, status }, ctx);
  return updated.position ?? connected.position;
}
