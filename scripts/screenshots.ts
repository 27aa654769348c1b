import { mkdir } from 'node:fs/promises';
import path from 'node:path';
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

const pages: { path: string; as?: [string, string] }[] = [
  { path: '/' },
  { path: '/auth' },
  { path: '/auth?role=shopkeeper' },
  { path: '/info/prodotti-zona' },
  { path: '/components-demo' },
  { path: '/pagina-che-non-esiste' },
  { path: '/dashboard/customer', as: ['cliente', 'vicino-cliente'] },
  { path: '/dashboard/shopkeeper', as: ['negoziante', 'vicino-negozio'] },
  { path: '/dashboard/collaborator', as: ['collaboratore', 'vicino-collabora'] },
  { path: '/dashboard/admin', as: ['admin', 'vicino-admin'] },
  { path: '/search?q=pomodoro&lat=41.9028&lng=12.4964' },
  { path: '/stores/bottega-di-gianni' },
  { path: '/customer/favorites', as: ['cliente', 'vicino-cliente'] },
  { path: '/customer/cart', as: ['cliente', 'vicino-cliente'] },
  { path: '/customer/checkout', as: ['cliente', 'vicino-cliente'] },
  { path: '/customer/orders', as: ['cliente', 'vicino-cliente'] },
  { path: '/customer/notifications', as: ['cliente', 'vicino-cliente'] },
  { path: '/customer/profile', as: ['cliente', 'vicino-cliente'] },
  { path: '/shopkeeper/store/settings', as: ['negoziante', 'vicino-negozio'] },
  { path: '/shopkeeper/products', as: ['negoziante', 'vicino-negozio'] },
  { path: '/shopkeeper/products/new', as: ['negoziante', 'vicino-negozio'] },
  { path: '/shopkeeper/orders', as: ['negoziante', 'vicino-negozio'] },
  { path: '/shopkeeper/reservations', as: ['negoziante', 'vicino-negozio'] },
  { path: '/customer/reservations', as: ['cliente', 'vicino-cliente'] },
];

// A product page needs an id only the running app knows: the first demo search result.
const found = await fetch(`${base}/api/search/products?q=pomodoro&lat=41.9028&lng=12.4964`).then((r) => r.json() as Promise<{ items: { id: string }[] }>);
if (found.items[0]) pages.push({ path: `/products/${found.items[0].id}` });

// The shop's newest order, when the demo shop has one.
const shopLogin = await fetch(`${base}/api/login`, {
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify({ username: 'negoziante', password: 'vicino-negozio' }),
});
const cookie = shopLogin.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
const shop = shopLogin.ok ? await fetch(`${base}/api/stores/me`, { headers: { cookie } }).then((r) => (r.ok ? (r.json() as Promise<{ id: string }>) : null)) : null;
const shopOrders = shop ? await fetch(`${base}/api/orders/store/${shop.id}`, { headers: { cookie } }).then((r) => r.json() as Promise<{ id: string }[]>) : [];
if (shopOrders[0]) pages.push({ path: `/shopkeeper/orders/${shopOrders[0].id}`, as: ['negoziante', 'vicino-negozio'] });

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
      const file = path.join(out, `${entry.path.replace(/[/?=&.]+/g, '_').slice(0, 60).replace(/^_/, '') || 'home'}-${width}.png`);
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
