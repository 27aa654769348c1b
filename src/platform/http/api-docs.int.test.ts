import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../tests/support/app.js';

const t = useTestApp(async () => {
  // With the web app served, so its pages' catch-all route is there to be left out.
  const webRoot = await mkdtemp(path.join(tmpdir(), 'vicino-docs-web-'));
  await writeFile(path.join(webRoot, 'index.html'), '<html><head><title>Vicino</title></head><body></body></html>');
  return { webRoot };
});

describe('API documentation for phone clients', () => {
  it('serves an OpenAPI document made from the routes’ schemas, and a readable page of it', async () => {
    const doc = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(doc.statusCode).toBe(200);
    const openapi = doc.json();
    expect(openapi.openapi).toMatch(/^3\./);
    expect(openapi.paths['/api/login'].post.requestBody.content['application/json'].schema.required).toEqual(['username', 'password']);
    expect(openapi.paths['/api/push/subscriptions'].post).toBeDefined();
    expect(openapi.paths['/api/docs']).toBeUndefined();
    expect(Object.keys(openapi.paths).every((path) => path.startsWith('/api/'))).toBe(true);

    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('API di Vicino');
    expect(page.body).toContain('<code>/api/orders/checkout</code>');
    expect(page.body).toContain('obbligatorio');
  });
});
