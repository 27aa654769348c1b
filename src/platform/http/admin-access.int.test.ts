import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { Browser, useTestApp } from '../../../tests/support/app.js';
import { loggedIn } from '../../../tests/support/marketplace.js';

const t = useTestApp();

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** Every registered route, read from Fastify's own route tree (one line per path segment). */
function registeredRoutes(app: FastifyInstance): { method: Method; url: string }[] {
  const routes: { method: Method; url: string }[] = [];
  const path: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^(.*?)[├└]── (\S+)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    path.length = match[1]!.length / 4;
    path.push(match[2]!);
    for (const method of (match[3] ?? '').split(', ')) {
      if (['GET', 'POST', 'PATCH', 'PUT', 'DELETE'].includes(method)) routes.push({ method: method as Method, url: path.join('') });
    }
  }
  return routes;
}

/** A concrete URL for a route pattern: any id, an existing history type, revision 0. */
const concrete = (url: string) =>
  url
    .replace(':type', 'order')
    .replace(':revision', '0')
    .replace(/:[A-Za-z]+/g, () => randomUUID());

describe('every /api/admin/* route', () => {
  it('answers 401 to anonymous requests and 403 to customers, shopkeepers and collaborators', async () => {
    const adminRoutes = registeredRoutes(t.app).filter((r) => r.url.startsWith('/api/admin/'));
    // The walk covers what exists, so it must find the admin resources themselves.
    expect(adminRoutes).toEqual(
      expect.arrayContaining([
        { method: 'GET', url: '/api/admin/users' },
        { method: 'PUT', url: '/api/admin/users/:id' },
        { method: 'PUT', url: '/api/admin/stores/:id' },
        { method: 'GET', url: '/api/admin/orders/:id' },
        { method: 'GET', url: '/api/admin/history/:type/:id/as-of/:revision' },
        { method: 'PUT', url: '/api/admin/site-settings/current' },
        { method: 'PUT', url: '/api/admin/google-maps-settings/current' },
        { method: 'PUT', url: '/api/admin/openai-settings/current' },
        { method: 'GET', url: '/api/admin/projections' },
        { method: 'GET', url: '/api/admin/projections/:name' },
        { method: 'POST', url: '/api/admin/projections/:name/rebuild' },
        { method: 'GET', url: '/api/admin/events/export' },
        { method: 'GET', url: '/api/admin/events/recent' },
        { method: 'GET', url: '/api/admin/analytics' },
        { method: 'PUT', url: '/api/admin/products/:id' },
        { method: 'PUT', url: '/api/admin/global-products/:id' },
      ]),
    );
    const people = await Promise.all((['customer', 'shopkeeper', 'collaborator'] as const).map((role) => loggedIn(t, role)));
    const anonymous = new Browser(t.app);
    const refusals: string[] = [];
    for (const { method, url } of adminRoutes) {
      const target = concrete(url);
      const answer = await anonymous.request(method, target);
      if (answer.statusCode !== 401) refusals.push(`anonimo ${method} ${url} → ${answer.statusCode}`);
      else expect(answer.json()).toEqual({ message: 'Accesso richiesto: effettua il login.' });
      for (const person of people) {
        const res = await person.browser.request(method, target);
        if (res.statusCode !== 403) refusals.push(`${person.username} ${method} ${url} → ${res.statusCode}`);
        else expect(res.json()).toEqual({ message: 'Non hai i permessi per questa operazione.' });
      }
    }
    expect(refusals).toEqual([]);
    // Their sessions are still good: the refusals were about the role, not the login.
    for (const person of people) expect((await person.browser.get('/api/user')).statusCode).toBe(200);
  });
});
