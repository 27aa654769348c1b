import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DomainError } from '../../platform/domain/errors.js';
import { commandContext } from '../../platform/http/command-context.js';
import { requireRole } from '../../platform/http/plugins/session.js';
import { earningsApi } from './contract.js';
import { shopOfOwner } from '../payments/accounts-queries.js';
import { earningsOf } from './queries.js';
import { platformEarningsOf } from './platform-queries.js';
import { romeMonthOf, statementMonthsOf, statementOf } from './statement-queries.js';
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
  const ownShop = async (request: Parameters<typeof requireRole>[0]) => {
    const user = requireRole(request, 'shopkeeper');
    const shop = await shopOfOwner(db, user.id);
    if (!shop) throw new DomainError(noShop, 'not-found');
    return shop;
  };
  /** The months with movements, the current one first even when it has none yet. */
  const monthsOf = async (storeId: string, now: Date) => {
    const current = romeMonthOf(now);
    const months = await statementMonthsOf(db, storeId);
    const listed = months.some((m) => m.month === current) ? months : [{ month: current, sales: 0, fees: 0, net: 0 }, ...months];
    return { months: listed.map((m) => ({ ...m, provisional: m.month === current })) };
  };

  app.route({
    ...earningsApi.mine,
    handler: async (request) => earningsOf(db, (await ownShop(request)).id, request.query, commandContext(request).now),
  });
  app.route({
    ...earningsApi.statements,
    handler: async (request) => monthsOf((await ownShop(request)).id, commandContext(request).now),
  });
  app.route({
    ...earningsApi.statement,
    handler: async (request, reply) => {
      const shop = await ownShop(request);
      return sendStatement(reply, await statementOf(db, shop.id, request.params.month, commandContext(request).now), request.params.format);
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
    ...earningsApi.storeStatements,
    handler: async (request) => {
      requireRole(request, 'admin');
      return monthsOf(request.params.storeId, commandContext(request).now);
    },
  });
  app.route({
    ...earningsApi.storeStatement,
    handler: async (request, reply) => {
      requireRole(request, 'admin');
      return sendStatement(reply, await statementOf(db, request.params.storeId, request.params.month, commandContext(request).now), request.params.format);
    },
  });
};
