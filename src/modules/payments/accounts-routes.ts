import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { DomainError } from '../../platform/domain/errors.js';
import { commandContext } from '../../platform/http/command-context.js';
import { requireRole } from '../../platform/http/plugins/session.js';
import { siteUrl } from '../email/links.js';
import { refreshAccount, startOnboarding, type AccountDeps } from './accounts-commands.js';
import { accountsOf, sandboxAccountOf, shopOfOwner } from './accounts-queries.js';
import { paymentAccountsApi, type SandboxAccount, type ShopPaymentAccounts } from './contract.js';
import { accountProviders, accountStatusOf } from './payment-account.js';
import { shopPayees } from './payees.js';
import { readPaymentSettings } from './queries.js';
import { appPayments, sandboxDelivery } from './routes.js';
import { sandboxOff, sandboxWebhook } from './sandbox.js';

/** Where the shopkeeper manages the shop's payments: the provider's pages send them back there. */
const settingsPage = '/shopkeeper/store/settings';
export const accountReturnUrl = (provider: string): string => `${siteUrl}${settingsPage}?sezione=pagamenti&conto=${provider}`;

/** Shops' payment accounts (issue [20]): the shopkeeper's, and the sandbox's onboarding page. */
export const paymentAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, pool } = app.deps;
  const payments = appPayments(app);
  const deps: AccountDeps = { ...app.deps, providers: payments.providers, onlineMethods: payments.onlineMethods };
  const deliver = sandboxDelivery(app);

  const ownShop = async (request: FastifyRequest) => {
    const user = requireRole(request, 'shopkeeper');
    const shop = await shopOfOwner(db, user.id);
    if (!shop) throw new DomainError('Non hai ancora un negozio: crealo prima di collegare un conto di pagamento.', 'not-found');
    return shop;
  };

  const shown = async (shopId: string): Promise<ShopPaymentAccounts> => {
    const [accounts, online, payees] = await Promise.all([accountsOf(db, 'store', shopId), payments.onlineMethods(), shopPayees(pool, [shopId], new Date())]);
    return {
      providers: accountProviders
        .map((provider) => ({ provider, available: online.has(provider), account: accounts.get(provider) ?? null }))
        // A provider the platform does not offer is shown only if the shop has an account there.
        .filter((p) => p.available || p.account !== null),
      commissionPercentage: payees.get(shopId)!.commissionPercentage,
    };
  };

  app.route({ ...paymentAccountsApi.mine, handler: async (request) => shown((await ownShop(request)).id) });

  app.route({
    ...paymentAccountsApi.onboarding,
    handler: async (request) => {
      const shop = await ownShop(request);
      const { provider } = request.params;
      const back = { returnUrl: accountReturnUrl(provider), refreshUrl: `${accountReturnUrl(provider)}&rinnova=1` };
      const { url, position } = await startOnboarding(deps, shop, provider, back, commandContext(request));
      await request.settle(position);
      return { url };
    },
  });

  app.route({
    ...paymentAccountsApi.refresh,
    handler: async (request) => {
      const shop = await ownShop(request);
      await request.settle(await refreshAccount(deps, shop.id, request.params.provider, commandContext(request)));
      return shown(shop.id);
    },
  });

  /** The shopkeeper's own test account (an admin may look too); anyone else is told it does not exist. */
  const sandboxAccount = async (request: FastifyRequest, accountId: string) => {
    const user = requireRole(request, 'shopkeeper', 'admin');
    const account = await sandboxAccountOf(db, accountId);
    if (!account || (account.ownerId !== user.id && user.role !== 'admin')) throw new DomainError('Conto di prova non trovato.', 'not-found');
    return account;
  };
  const sandboxShown = (account: NonNullable<Awaited<ReturnType<typeof sandboxAccountOf>>>): SandboxAccount => ({
    accountId: account.accountId,
    storeName: account.storeName,
    chargesEnabled: account.chargesEnabled,
    status: accountStatusOf(account),
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
              holderKind: 'store',
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
