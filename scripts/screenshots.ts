import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { infoPages } from '../web/src/features/info/content.js';
import { launchBrowser, openTab } from '../tests/e2e/support/browser.js';

/**
 * npm run screenshots -- [--url http://127.0.0.1:3000] [--out .data/screenshots]: full-page PNGs
 * of every page at 1280 and 375 px, logged in as the demo account each page needs, and a line for
 * any page wider than the screen. Run against a started app (npm start).
 */
const arg = (name: string, fallback: string): string => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1]! : fallback;
};
const base = arg('url', 'http://127.0.0.1:3000');
const out = arg('out', '.data/screenshots');

type Account = [username: string, password: string];
const customer: Account = ['cliente', 'vicino-cliente'];
const shopkeeper: Account = ['negoziante', 'vicino-negozio'];
const collaborator: Account = ['collaboratore', 'vicino-collabora'];
const admin: Account = ['admin', 'vicino-admin'];

/* Every route of web/src/app/router.tsx; a path with an id takes it from the running app below. */
const pages: { path: string; as?: Account }[] = [
  { path: '/' },
  { path: '/auth' },
  { path: '/auth?role=shopkeeper' },
  ...infoPages.map((info) => ({ path: `/info/${info.slug}` })),
  { path: '/contatti' },
  { path: '/privacy' },
  { path: '/termini' },
  { path: '/accessibilita' },
  { path: '/components-demo' },
  { path: '/pagina-che-non-esiste' },
  { path: '/search?q=pomodoro&lat=41.9028&lng=12.4964' },
  { path: '/stores/bottega-di-gianni' },
  { path: '/dashboard/customer', as: customer },
  { path: '/dashboard/shopkeeper', as: shopkeeper },
  { path: '/dashboard/collaborator', as: collaborator },
  { path: '/dashboard/admin', as: admin },
  // The back office (web/src/admin/AdminApp.tsx); its record pages are added below.
  ...[
    'users',
    'stores',
    'products',
    'global-products',
    'orders',
    'contact-submissions',
    'erasures',
    'retention',
    'legal',
    'site-settings',
    'google-maps-settings',
    'openai-settings',
    'data-management',
    'analytics',
  ].map((screen) => ({ path: `/admin/${screen}`, as: admin })),
  // Area paths without a screen yet show the not-found page inside the dashboard frame.
  { path: '/collaborator/tasks', as: collaborator },
  { path: '/customer/favorites', as: customer },
  { path: '/customer/cart', as: customer },
  { path: '/customer/checkout', as: customer },
  { path: '/customer/orders', as: customer },
  { path: '/customer/notifications', as: customer },
  { path: '/customer/profile', as: customer },
  { path: '/customer/privacy', as: customer },
  { path: '/shopkeeper/privacy', as: shopkeeper },
  { path: '/collaborator/privacy', as: collaborator },
  { path: '/customer/reservations', as: customer },
  { path: '/shopkeeper/store', as: shopkeeper },
  { path: '/shopkeeper/store/settings', as: shopkeeper },
  { path: '/shopkeeper/products', as: shopkeeper },
  { path: '/shopkeeper/products/new', as: shopkeeper },
  { path: '/shopkeeper/orders', as: shopkeeper },
  { path: '/shopkeeper/reservations', as: shopkeeper },
];

/** GETs JSON as a demo account (null when the answer is not 2xx). */
async function readAs<T>(account: Account, url: string): Promise<T | null> {
  const login = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: account[0], password: account[1] }),
  });
  if (!login.ok) throw new Error(`login as ${account[0]} failed: ${login.status}`);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const response = await fetch(`${base}${url}`, { headers: { cookie } });
  return response.ok ? ((await response.json()) as T) : null;
}

// A product page and its edit form: the first demo search result, and the demo shop's first product.
const found = await fetch(`${base}/api/search/products?q=pomodoro&lat=41.9028&lng=12.4964`).then((r) => r.json() as Promise<{ items: { id: string }[] }>);
if (found.items[0]) pages.push({ path: `/products/${found.items[0].id}` });
const shop = await readAs<{ id: string }>(shopkeeper, '/api/stores/me');
const shopProducts = shop ? ((await readAs<{ id: string }[]>(shopkeeper, `/api/stores/${shop.id}/products`)) ?? []) : [];
if (shopProducts[0]) pages.push({ path: `/shopkeeper/products/${shopProducts[0].id}/edit`, as: shopkeeper });
// The newest order on either side, and the customer's confirmation of it, when there is one.
const shopOrders = shop ? ((await readAs<{ id: string }[]>(shopkeeper, `/api/orders/store/${shop.id}`)) ?? []) : [];
if (shopOrders[0]) pages.push({ path: `/shopkeeper/orders/${shopOrders[0].id}`, as: shopkeeper });
const customerOrders = (await readAs<{ id: string }[]>(customer, '/api/orders/user')) ?? [];
if (customerOrders[0]) {
  pages.push({ path: `/customer/orders/${customerOrders[0].id}`, as: customer });
  pages.push({ path: `/customer/checkout/confirmation?orders=${customerOrders[0].id}`, as: customer });
}
// Each back-office resource's first record: its Show page and, for the order, its Cronologia.
const firstOf = async (resource: string) => (await readAs<{ id: string }[]>(admin, `/api/admin/${resource}?range=[0,0]`))?.[0]?.id;
for (const resource of ['users', 'stores', 'products', 'global-products', 'orders', 'contact-submissions']) {
  const id = await firstOf(resource);
  if (id) pages.push({ path: `/admin/${resource}/${id}/show`, as: admin });
  if (id && resource === 'orders') pages.push({ path: `/admin/orders/${id}/show/cronologia`, as: admin });
  if (id && resource === 'users') pages.push({ path: `/admin/users/${id}`, as: admin });
}
const missing = [!found.items[0] && 'product', !shopProducts[0] && 'shop product', !shopOrders[0] && 'shop order', !customerOrders[0] && 'customer order'].filter(Boolean);
if (missing.length) console.log(`Not in this app's data, so not shot: ${missing.join(', ')} pages.`);

await mkdir(out, { recursive: true });
const browser = await launchBrowser();
try {
  for (const width of [1280, 375]) {
    for (const entry of pages) {
      const tab = await openTab(browser, base, width);
      if (entry.as) {
        const response = await tab.page.request.post('/api/login', { data: { username: entry.as[0], password: entry.as[1] } });
        if (!response.ok()) throw new Error(`login as ${entry.as[0]} failed: ${response.status()}`);
      }
      await tab.page.goto(entry.path, { waitUntil: 'networkidle' });
      await tab.page.waitForTimeout(300);
      const file = path.join(
        out,
        `${
          entry.path
            .replace(/[/?=&.,]+/g, '_')
            .slice(0, 60)
            .replace(/^_/, '') || 'home'
        }-${width}.png`,
      );
      await tab.page.screenshot({ path: file, fullPage: true });
      const scrollWidth = await tab.page.evaluate(() => document.documentElement.scrollWidth);
      const problems = [...(scrollWidth > width ? [`wider than the screen (${scrollWidth} px)`] : []), ...tab.errors];
      console.log(`${problems.length ? '✗' : '✓'} ${file}${problems.length ? `: ${problems.join('; ')}` : ''}`);
      await tab.context.close();
    }
  }
} finally {
  await browser.close();
}
