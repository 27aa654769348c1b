import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readPage } from '../../platform/db/read-page.js';
import { answerList, findOne } from '../../platform/http/admin-rest.js';
import { requireRole } from '../../platform/http/plugins/session.js';
import { DomainError } from '../../platform/domain/errors.js';
import { commandContext } from '../../platform/http/command-context.js';
import { siteUrl } from '../email/links.js';
import { purchasePackage } from '../packages/commands.js';
import { purchaseKey } from '../packages/contract.js';
import { appPayments } from '../payments/routes.js';
import { adjustmentKey, creditsApi, type AdminCredits, type CreditsSummary } from './contract.js';
import { adjustCredits, ledgerOf } from './commands.js';
import { balanceAt, expiringSoon } from './ledger.js';
import { creditMovementsResource, creditPurchasesOf, creditsResource, creditUsageOf, movementOf, movementsOf } from './queries.js';

/** Issue [11]: a shopkeeper's or collaborator's AI credits. */
export const creditRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, store } = app.deps;

  app.route({
    ...creditsApi.summary,
    handler: async (request): Promise<CreditsSummary> => {
      const user = requireRole(request, 'shopkeeper', 'collaborator');
      const now = new Date();
      // The balance from the ledger itself: what can be spent at this moment, lots past their expiry left out.
      const [state, latest, purchases] = await Promise.all([
        ledgerOf(store, user.id),
        readPage(db, movementsOf(user.id), { page: 1, pageSize: 10 }),
        creditPurchasesOf(db, user.id),
      ]);
      return {
        balance: balanceAt(state, now),
        totalPurchased: state.totalPurchased,
        totalUsed: state.totalUsed,
        expiringSoon: expiringSoon(state, now).map((lot) => ({ credits: lot.remaining, expiresAt: lot.expiresAt })),
        movements: latest.rows.map(movementOf),
        purchases,
      };
    },
  });

  app.route({
    ...creditsApi.movements,
    handler: async (request, reply) => {
      const user = requireRole(request, 'shopkeeper', 'collaborator');
      const { rows, total } = await readPage(db, movementsOf(user.id), request.query);
      reply.header('X-Total-Count', String(total));
      return rows.map(movementOf);
    },
  });

  const payments = appPayments(app);
  app.route({
    ...creditsApi.purchase,
    handler: async (request, reply) => {
      const user = requireRole(request, 'shopkeeper', 'collaborator');
      const key = purchaseKey.safeParse(request.headers['idempotency-key']);
      if (!key.success) throw new DomainError(key.error.issues[0]!.message, 'invalid');
      const { packageId } = request.body;
      const paymentMethod = request.body.paymentMethod ?? firstOf(await payments.onlineMethods());
      if (!paymentMethod) throw new DomainError('I pagamenti online non sono attivi: i crediti non si possono acquistare ora. Riprova più tardi.', 'unavailable');
      // Back to the credits' page, which tells how the payment went.
      const back = `${siteUrl}/${user.role === 'collaborator' ? 'collaborator' : 'shopkeeper'}/credits?acquisto=${encodeURIComponent(packageId)}`;
      const { paymentId, paymentUrl, position } = await purchasePackage(
        { ...app.deps, providers: payments.providers },
        { userId: user.id, packageId, idempotencyKey: key.data, paymentMethod, returnUrl: back, cancelUrl: back, forCredits: true },
        commandContext(request),
      );
      await request.settle(position);
      return reply.status(201).send({ paymentId, paymentUrl });
    },
  });

  app.route({
    ...creditsApi.adminList,
    handler: async (request, reply) => (await answerList(db, reply, creditsResource, request.query)) as AdminCredits[],
  });
  app.route({ ...creditsApi.adminGet, handler: async (request) => findOne<AdminCredits>(db, creditsResource, request.params.id) });
  app.route({
    ...creditsApi.adminMovements,
    handler: async (request, reply) => (await answerList(db, reply, creditMovementsResource, request.query)) as never,
  });
  app.route({
    ...creditsApi.adjust,
    handler: async (request) => {
      const key = adjustmentKey.safeParse(request.headers['idempotency-key']);
      if (!key.success) throw new DomainError(key.error.issues[0]!.message, 'invalid');
      const position = await adjustCredits(app.deps, { userId: request.params.id, ...request.body, idempotencyKey: key.data ?? null }, commandContext(request));
      await request.settle(position);
      return findOne<AdminCredits>(db, creditsResource, request.params.id);
    },
  });
  app.route({ ...creditsApi.usage, handler: async (request) => creditUsageOf(db, request.query.days, new Date()) });
};

/** The method a purchase that names none is paid by: a real provider before the sandbox. */
const firstOf = (methods: Set<'stripe' | 'paypal' | 'sandbox'>) => (['stripe', 'paypal', 'sandbox'] as const).find((m) => methods.has(m)) ?? null;
