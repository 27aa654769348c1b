import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../tests/support/app.js';

const t = useTestApp();

const get = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.json<Record<string, unknown>>() };
};

/** Issue [22] through the API: the offline comuni answer with no service configured. */
describe('geocoding API, offline', () => {
  it('lands a typed address in its comune, a district in its own place, a postal code in its comune', async () => {
    const street = await get(`/api/geocoding/search?q=${encodeURIComponent('Via Roma 3, Cesena')}`);
    expect(street.status).toBe(200);
    expect(street.body).toMatchObject({ source: 'offline', notice: null });
    // The street named after Rome is no alternative.
    expect(street.body.places).toEqual([
      {
        label: 'Cesena (FC)',
        latitude: 44.1391,
        longitude: 12.24315,
        comune: 'Cesena',
        sigla: 'FC',
        region: 'Emilia-Romagna',
        postcode: null,
        precision: 'comune',
        istat: '040007',
        placeId: null,
        source: 'offline',
      },
    ]);
    const district = await get('/api/geocoding/search?q=Trastevere');
    expect((district.body.places as unknown[])[0]).toMatchObject({ label: 'Trastevere, Roma (RM)', comune: 'Roma', precision: 'locality' });
    const postcode = await get('/api/geocoding/search?q=20121');
    expect((postcode.body.places as unknown[])[0]).toMatchObject({ label: '20121 Milano (MI)', postcode: '20121', precision: 'postcode' });
    const nothing = await get(`/api/geocoding/search?q=${encodeURIComponent('qwzx')}`);
    expect(nothing.body).toMatchObject({ places: [], source: 'offline' });
  });

  it('suggests while typing, keeping the street typed before the comune', async () => {
    const res = await get(`/api/geocoding/suggest?q=${encodeURIComponent('Via Roma 3, Ces')}&limit=3`);
    expect(res.status).toBe(200);
    const suggestions = res.body.suggestions as { text: string; place: { comune: string } }[];
    expect(suggestions).toHaveLength(3);
    expect(suggestions[0]).toMatchObject({ text: 'Via Roma 3, Cesena (FC)', place: { comune: 'Cesena' } });
  });

  it('names a point by its comune and district, and nothing far from Italy', async () => {
    const monti = await get('/api/geocoding/reverse?lat=41.8955&lng=12.4995');
    expect(monti.body).toMatchObject({ name: 'Roma, Monti', place: { comune: 'Roma', sigla: 'RM' } });
    const sea = await get('/api/geocoding/reverse?lat=35&lng=-20');
    expect(sea.body).toEqual({ place: null, name: null, source: 'offline', notice: null });
  });

  it('refuses what it cannot read in Italian, never a 500', async () => {
    const long = await get(`/api/geocoding/search?q=${'a'.repeat(201)}`);
    expect(long.status).toBe(400);
    expect(long.body).toEqual({ message: 'Alcuni dati non sono validi.', errors: { q: 'L’indirizzo può avere al massimo 200 caratteri.' } });
    const noPoint = await get('/api/geocoding/reverse?lat=91&lng=12');
    expect(noPoint.status).toBe(400);
    expect(noPoint.body).toMatchObject({ errors: { lat: 'Latitudine: un numero tra -90 e 90.' } });
    const limit = await get('/api/geocoding/suggest?q=bo&limit=50');
    expect(limit.status).toBe(400);
    expect(limit.body).toMatchObject({ errors: { limit: 'Suggerimenti: un numero intero da 1 a 10.' } });
  });
});
