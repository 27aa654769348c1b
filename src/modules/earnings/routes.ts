import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DomainError } from '../../platform/domain/errors.js';
import { commandContext } from '../../platform/http/command-context.js';
import { requireRole } from '../../platform/http/plugins/session.js';
import { earningsApi, type StatementMonthsQuery } from './contract.js';
import { accountsOf, shopOfOwner } from '../payments/accounts-queries.js';
import { askProvider } from '../payments/ask-provider.js';
import { appPayments } from '../payments/routes.js';
import { earningsOf, providerBalanceOf, type LedgerHolder } from './queries.js';
import { platformAccountList, platformAccountOf, platformEarningsOf } from './platform-queries.js';
import { readPage } from '../../platform/db/read-page.js';
import { answerPage } from '../../platform/http/read-paging.js';
import { checkHolder, romeMonthOf, statementMonthsOf, statementOf } from './statement-queries.js';
import { statementCsv, statementFileName, statementPdf } from './statement-documents.js';
import type { MonthlyStatement } from './statement.js';

const noShop = 'Non hai ancora un negozio: gli incassi arrivano con i primi ordini pagati online.';

/** The statement as the file asked for, downloaded under its Italian name. */
async function sendStatement(reply: FastifyReply, statement: MonthlyStatement, format: 'csv' | 'pdf') {
  const file = format === 'csv' ? statementCsv(statement) : await statementPdf(statement);
  return reply
    .type(format === 'csv' ? 'text/csv; charset=utf-8' : 'application/pdf')
    .header('Content-Disposition', `attachment; filename="${statementFileName(statement, format)}"`)
    .header('Cache-Control', 'private, no-store')
    .send(file);
}

/** A shop's takings and statements: the shopkeeper's own, never another shop's; the admin's of any shop. */
export const earningsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const payments = appPayments(app);
  const ownShop = async (request: Parameters<typeof requireRole>[0]) => {
    const user = requireRole(request, 'shopkeeper');
    const shop = await shopOfOwner(db, user.id);
    if (!shop) throw new DomainError(noShop, 'not-found');
    return shop;
  };
  /** The collaborator's own ledger: their compensations' account. */
  const me = (request: Parameters<typeof requireRole>[0]): LedgerHolder => ({ kind: 'collaborator', id: requireRole(request, 'collaborator').id });
  /**
   * The months with movements, a page at a time: the first page has the current one first even
   * when it has none yet; `before` (YYYY-MM) asks for the older ones.
   */
  const monthsOf = async (holderId: string, now: Date, kind: LedgerHolder['kind'], { before }: StatementMonthsQuery) => {
    const current = romeMonthOf(now);
    const { months, next } = await statementMonthsOf(db, { kind, id: holderId }, { before });
    const listed = before || months.some((m) => m.month === current) ? months : [{ month: current, sales: 0, fees: 0, net: 0 }, ...months];
    return { months: listed.map((m) => ({ ...m, provisional: m.month === current })), next };
  };

  app.route({
    ...earningsApi.mine,
    handler: async (request) => earningsOf(db, { kind: 'store', id: (await ownShop(request)).id }, request.query, commandContext(request).now),
  });
  app.route({
    ...earningsApi.statements,
    handler: async (request) => monthsOf((await ownShop(request)).id, commandContext(request).now, 'store', request.query),
  });
  app.route({
    ...earningsApi.statement,
    handler: async (request, reply) => {
      const shop = await ownShop(request);
      return sendStatement(reply, await statementOf(db, { kind: 'store', id: shop.id }, request.params.month, commandContext(request).now), request.params.format);
    },
  });
  app.route({
    ...earningsApi.platform,
    handler: async (request) => {
      requireRole(request, 'admin');
      return platformEarningsOf(db, commandContext(request).now);
    },
  });
  app.route({
    ...earningsApi.platformAccounts,
    handler: async (request, reply) => {
      requireRole(request, 'admin');
      const { rows, total } = await readPage(db, platformAccountList(commandContext(request).now, request.query), request.query);
      return answerPage(reply, { rows: rows.map(platformAccountOf), total });
    },
  });
  /**
   * The admin checks a holder's account against the provider: the ledger's balance at that
   * provider, the provider's own (Stripe's balance of the connected account), and the difference.
   */
  const reconcile = async (request: Parameters<typeof requireRole>[0], holder: LedgerHolder, provider: 'stripe' | 'sandbox') => {
    requireRole(request, 'admin');
    const account = (await accountsOf(db, holder.kind, holder.id)).get(provider);
    if (!account) throw new DomainError(`${holder.kind === 'store' ? 'Il negozio' : 'Il collaboratore'} non ha un conto presso questo fornitore.`, 'not-found');
    const now = commandContext(request).now;
    const ledger = await providerBalanceOf(db, holder, provider, now);
    const accounts = (await payments.providers(provider)).accounts;
    const seen = accounts ? await askProvider(() => accounts.readBalance(account.accountId), 'Il fornitore dei pagamenti non ha risposto: riprova tra poco.') : null;
    const providerBalance = seen ? { available: seen.availableCents, pending: seen.pendingCents, total: seen.availableCents + seen.pendingCents } : null;
    return {
      provider,
      accountId: account.accountId,
      ledger,
      providerBalance,
      difference: providerBalance ? providerBalance.total - ledger.total : null,
      checkedAt: now.toISOString(),
    };
  };
  app.route({ ...earningsApi.reconcile, handler: async (request) => reconcile(request, { kind: 'store', id: request.params.id }, request.params.provider) });
  app.route({
    ...earningsApi.reconcileCollaborator,
    handler: async (request) => reconcile(request, { kind: 'collaborator', id: request.params.id }, request.params.provider),
  });
  app.route({
    ...earningsApi.collaboratorMine,
    handler: async (request) => earningsOf(db, me(request), request.query, commandContext(request).now),
  });
  app.route({
    ...earningsApi.collaboratorStatements,
    handler: async (request) => monthsOf(me(request).id, commandContext(request).now, 'collaborator', request.query),
  });
  app.route({
    ...earningsApi.collaboratorStatement,
    handler: async (request, reply) => sendStatement(reply, await statementOf(db, me(request), request.params.month, commandContext(request).now), request.params.format),
  });
  app.route({
    ...earningsApi.adminCollaboratorStatements,
    handler: async (request) => {
      requireRole(request, 'admin');
      await checkHolder(db, { kind: 'collaborator', id: request.params.id });
      return monthsOf(request.params.id, commandContext(request).now, 'collaborator', request.query);
    },
  });
  app.route({
    ...earningsApi.adminCollaboratorStatement,
    handler: async (request, reply) => {
      requireRole(request, 'admin');
      const holder = { kind: 'collaborator' as const, id: request.params.id };
      return sendStatement(reply, await statementOf(db, holder, request.params.month, commandContext(request).now), request.params.format);
    },
  });
  app.route({
    ...earningsApi.storeStatements,
    handler: async (request) => {
      requireRole(request, 'admin');
      await checkHolder(db, { kind: 'store', id: request.params.id });
      return monthsOf(request.params.id, commandContext(request).now, 'store', request.query);
    },
  });
  app.route({
    ...earningsApi.storeStatement,
    handler: async (request, reply) => {
      requireRole(request, 'admin');
      return sendStatement(reply, await statementOf(db, { kind: 'store', id: request.params.id }, request.params.month, commandContext(request).now), request.params.format);
    },
  });
};
