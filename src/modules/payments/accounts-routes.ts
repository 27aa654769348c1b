import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { DomainError } from '../../platform/domain/errors.js';
import { commandContext } from '../../platform/http/command-context.js';
import { requireRole } from '../../platform/http/plugins/session.js';
import { siteUrl } from '../email/links.js';
import { refreshAccount, startOnboarding, type AccountDeps, type AccountHolderShop } from './accounts-commands.js';
import { accountsOf, collaboratorHolder, sandboxAccountOf, shopOfOwner } from './accounts-queries.js';
import { paymentAccountsApi, type SandboxAccount, type ShopPaymentAccounts } from './contract.js';
import { accountProviders, accountStatusOf, type AccountHolderKind, type AccountProvider } from './payment-account.js';
import { shopPayees } from './payees.js';
import { readPaymentSettings } from './queries.js';
import { appPayments, sandboxDelivery } from './routes.js';
import { sandboxOff, sandboxWebhook } from './sandbox.js';

/** Where the holder manages their accounts: the provider's pages send them back there (the shop's settings, the collaborator's «Guadagni»). */
const accountsPage: Record<AccountHolderKind, string> = { store: '/shopkeeper/store/settings?sezione=pagamenti&', collaborator: '/collaborator/earnings?' };
export const accountReturnUrl = (provider: string, kind: AccountHolderKind = 'store'): string => `${siteUrl}${accountsPage[kind]}conto=${provider}`;

/** Payment accounts (issue [20]): the shopkeeper's for the shop, the collaborator's for their compensations, and the sandbox's onboarding page. */
export const paymentAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, pool } = app.deps;
  const payments = appPayments(app);
  const deps: AccountDeps = { ...app.deps, providers: payments.providers, onlineMethods: payments.onlineMethods };
  const deliver = sandboxDelivery(app);

  /** The holder the session speaks for: the shopkeeper's shop, or the collaborator themselves. */
  const ownHolder = async (request: FastifyRequest, kind: AccountHolderKind): Promise<AccountHolderShop> => {
    if (kind === 'collaborator') {
      const me = await collaboratorHolder(db, requireRole(request, 'collaborator').id);
      if (!me) throw new DomainError('Account non trovato.', 'not-found');
      return { kind, ...me };
    }
    const user = requireRole(request, 'shopkeeper');
    const shop = await shopOfOwner(db, user.id);
    if (!shop) throw new DomainError('Non hai ancora un negozio: crealo prima di collegare un conto di pagamento.', 'not-found');
    return { kind, ...shop };
  };

  const shown = async ({ kind, id }: { kind: AccountHolderKind; id: string }): Promise<ShopPaymentAccounts> => {
    const [accounts, online, payees] = await Promise.all([
      accountsOf(db, kind, id),
      payments.onlineMethods(),
      kind === 'store' ? shopPayees(pool, [id], new Date()) : Promise.resolve(null),
    ]);
    return {
      providers: accountProviders
        // PayPal pays shops; a collaborator's compensation goes by transfer (Stripe, the test payments).
        .filter((provider) => kind === 'store' || provider !== 'paypal')
        .map((provider) => ({ provider, available: online.has(provider), account: accounts.get(provider) ?? null }))
        // A provider the platform does not offer is shown only if the holder has an account there.
        .filter((p) => p.available || p.account !== null),
      commissionPercentage: payees?.get(id)?.commissionPercentage ?? null,
    };
  };

  /** The three calls of a holder's accounts: what they are, the provider's onboarding page, the state read back. */
  type OnProvider = FastifyRequest<{ Params: { provider: AccountProvider } }>;
  const mine = (kind: AccountHolderKind) => async (request: FastifyRequest) => shown(await ownHolder(request, kind));
  const onboarding = (kind: AccountHolderKind) => async (request: OnProvider) => {
    const holder = await ownHolder(request, kind);
    const { provider } = request.params;
    const back = { returnUrl: accountReturnUrl(provider, kind), refreshUrl: `${accountReturnUrl(provider, kind)}&rinnova=1` };
    const { url, position } = await startOnboarding(deps, holder, provider, back, commandContext(request));
    await request.settle(position);
    return { url };
  };
  const refresh = (kind: AccountHolderKind) => async (request: OnProvider) => {
    const holder = await ownHolder(request, kind);
    await request.settle(await refreshAccount(deps, holder, request.params.provider, commandContext(request)));
    return shown(holder);
  };
  app.route({ ...paymentAccountsApi.mine, handler: mine('store') });
  app.route({ ...paymentAccountsApi.onboarding, handler: onboarding('store') });
  app.route({ ...paymentAccountsApi.refresh, handler: refresh('store') });
  app.route({ ...paymentAccountsApi.collaboratorMine, handler: mine('collaborator') });
  app.route({ ...paymentAccountsApi.collaboratorOnboarding, handler: onboarding('collaborator') });
  app.route({ ...paymentAccountsApi.collaboratorRefresh, handler: refresh('collaborator') });

  /** The holder's own test account (an admin may look too); anyone else is told it does not exist. */
  const sandboxAccount = async (request: FastifyRequest, accountId: string) => {
    const user = requireRole(request, 'shopkeeper', 'collaborator', 'admin');
    const account = await sandboxAccountOf(db, accountId);
    if (!account || (account.ownerId !== user.id && user.role !== 'admin')) throw new DomainError('Conto di prova non trovato.', 'not-found');
    return account;
  };
  const sandboxShown = (account: NonNullable<Awaited<ReturnType<typeof sandboxAccountOf>>>): SandboxAccount => ({
    accountId: account.accountId,
    holderKind: account.holderKind,
    holderName: account.holderName,
    chargesEnabled: account.chargesEnabled,
    status: accountStatusOf(account, account.holderKind),
  });

  app.route({ ...paymentAccountsApi.sandboxAccount, handler: async (request) => sandboxShown(await sandboxAccount(request, request.params.accountId)) });

  /**
   * The shopkeeper completed the test account's form: the sandbox tells the app as Stripe would, by
   * a signed `account.updated` (its id the account's: activating again changes nothing).
   */
  app.route({
    ...paymentAccountsApi.sandboxActivate,
    handler: async (request) => {
      const account = await sandboxAccount(request, request.params.accountId);
      if (!account.chargesEnabled) {
        const settings = await readPaymentSettings(db);
        if (!settings.sandboxEnabled || !settings.sandboxWebhookSecret) throw new DomainError(sandboxOff, 'rule');
        const now = commandContext(request).now;
        await deliver(
          sandboxWebhook(
            settings.sandboxWebhookSecret,
            {
              id: `evt_${account.accountId}_activated`,
              type: 'account.updated',
              accountId: account.accountId,
              holderKind: account.holderKind,
              holderId: account.holderId,
              chargesEnabled: true,
              payoutsEnabled: true,
              detailsSubmitted: true,
              missing: [],
              createdAt: now.toISOString(),
            },
            now,
          ),
        );
      }
      return sandboxShown((await sandboxAccountOf(db, account.accountId))!);
    },
  });
};
