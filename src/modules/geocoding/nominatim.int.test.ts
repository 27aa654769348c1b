import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../../../tests/support/app.js';
import { useLoggedIn } from '../../../tests/support/marketplace.js';

const t = useTestApp();
const admin = useLoggedIn(t, 'admin');

/** A loopback server speaking Nominatim's API (format=jsonv2, addressdetails=1), with recorded answers. */
const asked: { path: string; query: URLSearchParams; headers: IncomingHttpHeaders }[] = [];
let failing = false;
const corso = {
  place_id: 1,
  lat: '41.9009',
  lon: '12.4797',
  display_name: 'Via del Corso, Rione III Colonna, Municipio Roma I, Roma, Roma Capitale, Lazio, 00186, Italia',
  addresstype: 'road',
  address: { road: 'Via del Corso', house_number: '10', suburb: 'Colonna', city: 'Roma', 'ISO3166-2-lvl6': 'IT-RM', state: 'Lazio', postcode: '00186', country_code: 'it' },
};
const server: Server = createServer((request, response) => {
  const url = new URL(request.url!, 'http://127.0.0.1');
  asked.push({ path: url.pathname, query: url.searchParams, headers: request.headers });
  if (failing) {
    response.writeHead(503).end('busy');
    return;
  }
  const answer =
    url.pathname === '/search'
      ? url.searchParams.get('q')?.includes('Corso')
        ? [corso]
        : []
      : url.pathname === '/reverse'
        ? { ...corso, addresstype: 'house', address: { ...corso.address, suburb: 'Trevi' } }
        : null;
  response.writeHead(answer ? 200 : 404, { 'content-type': 'application/json' }).end(JSON.stringify(answer ?? { error: 'not found' }));
});
let base = '';

const setMaps = async (changes: Record<string, unknown>) => {
  const res = await admin.browser.request('PUT', '/api/admin/google-maps-settings/current', changes);
  return { status: res.statusCode, body: res.json<Record<string, unknown>>() };
};
const get = async (url: string) => (await t.app.inject({ method: 'GET', url })).json<Record<string, unknown>>();

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await setMaps({ geocodingProvider: 'offline', nominatimUrl: '' });
  await new Promise((resolve) => server.close(resolve));
});

/** Issue [22]: a Nominatim-compatible server the admin chooses, its answers cached, the offline comuni behind it. */
describe('geocoding through a Nominatim-compatible server', () => {
  it('is refused without the server’s address, in Italian', async () => {
    const res = await setMaps({ geocodingProvider: 'nominatim', nominatimUrl: '' });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ errors: { nominatimUrl: expect.stringContaining('scrivi l’indirizzo del server') } });
    const bad = await setMaps({ geocodingProvider: 'nominatim', nominatimUrl: 'nominatim locale' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ errors: { nominatimUrl: expect.stringContaining('Server Nominatim: scrivi l’indirizzo completo') } });
  });

  it('answers a typed street with the street, naming Vicino, restricted to the admin’s country, once for the same text', async () => {
    expect((await setMaps({ geocodingProvider: 'nominatim', nominatimUrl: `${base}/` })).status).toBe(200);
    asked.length = 0;
    const first = await get(`/api/geocoding/search?q=${encodeURIComponent('Via del Corso 10, Roma')}`);
    expect(first).toMatchObject({ source: 'nominatim', notice: null });
    expect(first.places).toEqual([
      {
        label: 'Via del Corso 10, 00186 Roma (RM)',
        latitude: 41.9009,
        longitude: 12.4797,
        precision: 'address',
        comune: 'Roma',
        sigla: 'RM',
        region: 'Lazio',
        postcode: '00186',
        istat: null,
        placeId: null,
        source: 'nominatim',
      },
    ]);
    expect(asked).toHaveLength(1);
    expect(asked[0]!.path).toBe('/search');
    expect(asked[0]!.query.get('countrycodes')).toBe('it');
    expect(asked[0]!.query.get('format')).toBe('jsonv2');
    expect(asked[0]!.headers['user-agent']).toMatch(/^Vicino\/1\.0 \(/);
    // Typed again (other spaces, other case): from the cache, no request.
    const again = await get(`/api/geocoding/search?q=${encodeURIComponent('via del corso 10,  roma')}`);
    expect(again.places).toEqual(first.places);
    expect(asked).toHaveLength(1);
    // Past 30 days the answer is no longer used: the server is asked again.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 31 * 86_400_000, shouldAdvanceTime: true });
    try {
      expect((await get(`/api/geocoding/search?q=${encodeURIComponent('Via del Corso 10, Roma')}`)).places).toEqual(first.places);
      expect(asked).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('names a point by its comune and district; suggestions while typing stay the offline comuni’s (the public server forbids autocomplete)', async () => {
    asked.length = 0;
    expect(await get('/api/geocoding/reverse?lat=41.9009&lng=12.4797')).toMatchObject({ name: 'Roma, Trevi', source: 'nominatim', place: { precision: 'address' } });
    const suggestions = await get('/api/geocoding/suggest?q=trast');
    expect(suggestions).toMatchObject({ source: 'nominatim', suggestions: [{ text: 'Trastevere, Roma (RM)', place: { source: 'offline' } }] });
    expect(asked.map((a) => a.path)).toEqual(['/reverse']);
  });

  it('falls back to the offline comuni with a word in Italian when the server fails, never a 500', async () => {
    failing = true;
    try {
      const res = await t.app.inject({ method: 'GET', url: `/api/geocoding/search?q=${encodeURIComponent('Piazza Maggiore 1, Bologna')}` });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        source: 'offline',
        notice: 'Il server Nominatim non risponde ora: posizione stimata dal comune.',
        places: [{ comune: 'Bologna', sigla: 'BO', source: 'offline' }],
      });
    } finally {
      failing = false;
    }
  });
});
