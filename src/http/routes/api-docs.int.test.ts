import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/support/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('API documentation for phone clients', () => {
  it('serves an OpenAPI document made from the routes’ schemas, and a readable page of it', async () => {
    const doc = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(doc.statusCode).toBe(200);
    const openapi = doc.json();
    expect(openapi.openapi).toMatch(/^3\./);
    expect(openapi.paths['/api/login'].post.requestBody.content['application/json'].schema.required).toEqual(['username', 'password']);
    expect(openapi.paths['/api/push/subscriptions'].post).toBeDefined();
    expect(openapi.paths['/api/docs']).toBeUndefined();

    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('API di Vicino');
    expect(page.body).toContain('<code>/api/orders/checkout</code>');
    expect(page.body).toContain('obbligatorio');
  });
});
