// @ts-check
/*
 * Browse and search, as a visitor without an account does on the home page and the results page:
 *   GET /api/stores/nearby        the shops nearest a point (the map and the list)
 *   GET /api/search/products      products near a point by words (typos forgiven), by distance, relevance or price
 *   GET /api/stores/:id/products  the catalogue of one shop found
 * (src/modules/search/contract.ts, src/modules/stores/contract.ts), around the demo shops of Rome
 * and Milan. Arrivals at a constant rate: RATE a second (default 20) for DURATION (default 1m).
 *
 *   k6 run scripts/load/browse-search.js
 *   k6 run -e RATE=50 -e DURATION=30s -e UNCACHED=true scripts/load/browse-search.js
 *
 * The app keeps the answers of these two searches in memory until the shops or products change
 * (src/platform/http/read-cache.ts), so the same words again mostly measure that cache.
 * UNCACHED=true moves each search's radius by a few metres, so every search reads the database,
 * as `npm run bench:search` measures it.
 *
 * No setup(): nothing is written and no account is needed.
 */
import http from 'k6/http';
import { check } from 'k6';
import { BASE_URL, DURATION, envNumber } from './lib.js';

const RATE = envNumber('RATE', 20);
const UNCACHED = __ENV.UNCACHED === 'true';

/** @type {import('k6/options').Options} */
export const options = {
  scenarios: {
    browse: {
      executor: 'constant-arrival-rate',
      rate: RATE,
      timeUnit: '1s',
      duration: DURATION,
      preAllocatedVUs: Math.max(5, Math.ceil(RATE / 2)),
      maxVUs: Math.max(20, RATE * 2),
    },
  },
  thresholds: {
    // Less than 1% of requests answered with an error (4xx/5xx) or not at all.
    http_req_failed: ['rate<0.01'],
    // 95% of the requests answered within 300 ms, the search itself too.
    http_req_duration: ['p(95)<300'],
    'http_req_duration{name:GET /api/search/products}': ['p(95)<300'],
    checks: ['rate>0.99'],
  },
};

/** The demo shops' two cities. */
const places = [
  { lat: 41.8986, lng: 12.4697 }, // Roma, Via del Governo Vecchio
  { lat: 45.4719, lng: 9.1868 }, // Milano, Brera
];
/** Words of the demo catalogue (src/seed.ts), two of them mistyped as people type them. */
const words = ['pomodori', 'caffè', 'pane', 'mozarela', 'spaghetti', 'pecorino', 'lampadina', 'quaderno', 'mele golden', 'maritozo', 'pizza bianca', 'nastro'];
const sorts = ['distance', 'relevance', 'price'];

/**
 * @template T
 * @param {T[]} list
 * @returns {T}
 */
const pick = (list) => /** @type {T} */ (list[Math.floor(Math.random() * list.length)]);

export default function () {
  const at = pick(places);
  // Kilometres; with UNCACHED a few metres more or less each time, so no two searches are the same.
  const radius = (10 + (UNCACHED ? Math.random() / 100 : 0)).toFixed(5);
  const near = `lat=${at.lat}&lng=${at.lng}&radius=${radius}`;

  const shops = http.get(`${BASE_URL}/api/stores/nearby?${near}&limit=20`, { tags: { name: 'GET /api/stores/nearby' } });
  check(shops, { 'nearby shops: 200': (r) => r.status === 200 });

  const q = encodeURIComponent(pick(words));
  const found = http.get(`${BASE_URL}/api/search/products?${near}&q=${q}&sort=${pick(sorts)}&pageSize=20`, { tags: { name: 'GET /api/search/products' } });
  check(found, { 'product search: 200': (r) => r.status === 200 });

  /** @type {{ id: string }[]} */
  const list = shops.status === 200 ? /** @type {any} */ (shops.json()) : [];
  if (list.length) {
    const shop = pick(list);
    const catalogue = http.get(`${BASE_URL}/api/stores/${shop.id}/products`, { tags: { name: 'GET /api/stores/:id/products' } });
    check(catalogue, { 'shop catalogue: 200': (r) => r.status === 200 });
  }
}
