import type { RouteOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../tests/support/app.js';

/** The routes the app serves under /api, as "METHOD /api/path/{param}" (OpenAPI's spelling). */
const served: string[] = [];
/** The documentation's own pages are not calls of the API. */
const docs = new Set(['/api/docs', '/api/docs/json', '/api/openapi.json']);

// With uploads on, as the app runs, so their call is counted too.
const t = useTestApp({
  uploads: true,
  onRoute: (route: RouteOptions) => {
    const url = route.url;
    if (!url?.startsWith('/api/') || docs.has(url)) return;
    for (const method of [route.method].flat()) {
      // Fastify adds a HEAD beside every GET by itself.
      if (method === 'HEAD') continue;
      served.push(`${method} ${url.replace(/:(\w+)/g, '{$1}')}`);
    }
  },
});

describe('the OpenAPI document (/api/docs/json)', () => {
  it('is OpenAPI 3 and lists exactly the calls the app serves', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      openapi: string;
      paths: Record<string, Record<string, unknown>>;
    }>();
    expect(doc.openapi).toMatch(/^3\./);
    const documented = Object.entries(doc.paths).flatMap(([path, operations]) => Object.keys(operations).map((m) => `${m.toUpperCase()} ${path}`));
    expect(documented.sort()).toEqual([...new Set(served)].sort());
  });

  it('says in Italian what every call does, under its module’s heading', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { summary?: string; tags?: string[] }>>;
    }>();
    const undescribed = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, op]) => !op.summary?.trim() || !op.tags?.length)
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(undescribed).toEqual([]);
  });
});
