import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { trackHandlers } from './in-flight.js';

describe('trackHandlers', () => {
  it('tells when the handlers at work have ended, including one whose connection the stop cut', async () => {
    const app = Fastify();
    trackHandlers(app);
    let finish!: () => void;
    const held = new Promise<void>((resolve) => (finish = resolve));
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    app.get('/slow', async () => {
      started();
      await held;
      return { ok: true };
    });
    app.get('/sync', (_request, reply) => reply.send({ ok: true }));
    await app.ready();

    expect(await app.handlersDone(10)).toBe(true);
    expect((await app.inject({ method: 'GET', url: '/sync' })).json()).toEqual({ ok: true });
    expect(await app.handlersDone(10)).toBe(true);

    const answer = app.inject({ method: 'GET', url: '/slow' });
    await running;
    expect(await app.handlersDone(10)).toBe(false);
    const done = app.handlersDone(60_000);
    finish();
    expect(await done).toBe(true);
    expect((await answer).json()).toEqual({ ok: true });
    await app.close();
  });

  it('counts a handler that throws as ended', async () => {
    const app = Fastify();
    trackHandlers(app);
    app.get('/throws', () => {
      throw new Error('no');
    });
    app.get('/rejects', async () => {
      throw new Error('no');
    });
    expect((await app.inject({ method: 'GET', url: '/throws' })).statusCode).toBe(500);
    expect((await app.inject({ method: 'GET', url: '/rejects' })).statusCode).toBe(500);
    expect(await app.handlersDone(10)).toBe(true);
    await app.close();
  });
});
