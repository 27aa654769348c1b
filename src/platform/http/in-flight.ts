import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Resolves when no route handler is running any more (true), or after `ms` (false). Closing the
     * server ends its connections, not the handlers still at work on them: the app waits for these
     * before it closes the database under them (main.ts's stop).
     */
    handlersDone(ms: number): Promise<boolean>;
  }
}

/**
 * Counts the route handlers at work, from the moment one is called until the promise it returns
 * settles (a handler that answers synchronously counts until it returns). Registered before any
 * route, so every route added after it is counted.
 */
export function trackHandlers(app: FastifyInstance): void {
  let running = 0;
  const idle: (() => void)[] = [];
  const finished = (): void => {
    running -= 1;
    if (running === 0) for (const wake of idle.splice(0)) wake();
  };
  app.addHook('onRoute', (route) => {
    const handler = route.handler;
    route.handler = function (this: FastifyInstance, request, reply) {
      running += 1;
      let result: unknown;
      try {
        result = handler.call(this, request, reply);
      } catch (error) {
        finished();
        throw error;
      }
      if (result instanceof Promise) return result.finally(finished);
      finished();
      return result;
    };
  });
  app.decorate('handlersDone', (ms: number) =>
    running === 0
      ? Promise.resolve(true)
      : new Promise<boolean>((resolve) => {
          const late = setTimeout(() => resolve(false), ms);
          idle.push(() => {
            clearTimeout(late);
            resolve(true);
          });
        }),
  );
}
