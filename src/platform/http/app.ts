import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyRequest, type RouteOptions } from 'fastify';
import { defaultRequestTimeoutMs } from '../config.js';
import { comparePositions } from '../eventstore/position.js';
import type { Position } from '../eventstore/types.js';
import type { AppDeps } from './deps.js';
import { registerCleanTextGuard } from './plugins/clean-text.js';
import { answerClientError, answerFrameworkError, registerErrorHandling } from './plugins/errors.js';
import { registerSameOriginGuard } from './plugins/same-origin.js';
import { registerSeenPositions } from './plugins/seen-position.js';
import { registerRoleGuard, registerSessions } from './plugins/session.js';
import { registerWeb } from './plugins/web.js';
import { registerApiDocs } from './api-docs.js';
import { answerSerializer, writeAnswer } from './answers.js';
import { healthRoutes } from './health.js';
import { trackHandlers } from './in-flight.js';
import { uploadRoutes } from './uploads.js';
import type { ModuleCatalog } from '../module.js';
import { validatorCompiler } from './schemas.js';

/** Headers are a few hundred bytes any browser sends at once: this is room for the worst network. */
const headersTimeoutMs = 20_000;

/**
 * Builds the Fastify app on the given parts with the routes of every module of `catalog`;
 * `listen` is the caller's (main, tests use inject). `onRoute` is told of every route as it is
 * added (tests walk them all).
 */
export async function buildHttpApp(deps: AppDeps, catalog: ModuleCatalog, { onRoute }: { onRoute?: (route: RouteOptions) => void } = {}): Promise<FastifyInstance> {
  const requestTimeout = deps.config.REQUEST_TIMEOUT_MS ?? defaultRequestTimeoutMs;
  const app = Fastify({
    loggerInstance: deps.logger as FastifyBaseLogger | undefined,
    // Fastify's own two lines per request are replaced by the one below.
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: () => randomUUID(),
    bodyLimit: 1024 * 1024,
    // Opt-in (TRUST_PROXY): a directly published app must not let clients choose request.ip.
    trustProxy: deps.config.TRUST_PROXY ?? false,
    // A client trickling its request (issue [6]) is cut off: Node answers 408 (answerClientError)
    // once the whole request has not arrived within requestTimeout, or its headers within
    // headersTimeout. Only receiving counts, never answering: a notification stream lasts hours.
    requestTimeout,
    http: {
      headersTimeout: Math.min(headersTimeoutMs, requestTimeout),
      // Node looks for late requests every 30 s by default, which would let one run 50% over.
      connectionsCheckingInterval: Math.min(5_000, Math.ceil(requestTimeout / 4)),
    },
    // Errors raised before a route is chosen, and those of Node's HTTP parser, answer as every other.
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  });
  trackHandlers(app);
  if (onRoute) app.addHook('onRoute', onRoute);
  app.setValidatorCompiler(validatorCompiler);
  // Answers are checked against their contract everywhere but in production (answers.ts).
  const checkAnswers = deps.config.NODE_ENV !== 'production';
  app.setSerializerCompiler(answerSerializer({ check: checkAnswers }));
  app.decorate('writeAnswer', (schema: z.ZodType, value: unknown) => writeAnswer(schema, value, checkAnswers));
  app.decorate('deps', deps);
  app.decorate('catalog', catalog);
  app.decorateRequest('written', null);
  app.decorateRequest('settle', async function (this: FastifyRequest, position: Position | null) {
    if (!position) return true;
    if (!this.wrote || comparePositions(position, this.wrote) > 0) this.wrote = position;
    const readModels = this.written?.size ? deps.projections.readersOf(this.written) : undefined;
    const caughtUp = await deps.projections.waitFor(position, deps.config.READ_MODEL_WAIT_MS, readModels);
    if (!caughtUp) this.log.warn({ position, readModels }, 'le viste di lettura non sono ancora aggiornate');
    return caughtUp;
  });

  // One log line per request (design §4), without bodies, cookies or passwords.
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        url: request.url.split('?')[0],
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
        user: request.user?.id,
      },
      'request',
    );
  });

  registerErrorHandling(app);
  registerSameOriginGuard(app);
  await registerSessions(app);
  registerSeenPositions(app);
  registerRoleGuard(app);
  for (const module of catalog.modules) for (const hook of module.hooks ?? []) hook(app);
  registerCleanTextGuard(app);
  await registerApiDocs(app);
  await app.register(healthRoutes);
  for (const module of catalog.modules) for (const routes of module.routes ?? []) await app.register(routes);
  if (deps.uploadsDir) await app.register(uploadRoutes(deps.uploadsDir));
  if (deps.webRoot !== null) await registerWeb(app, deps.webRoot, catalog.modules.find((m) => m.pageHead)?.pageHead);
  return app;
}
