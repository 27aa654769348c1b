import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../tests/support/app.js';
import { useLoggedIn } from '../../../tests/support/marketplace.js';
import { startGooglePeer } from '../../../tests/support/google-peer.js';

/** Google played by its loopback peer (the Geocoding API and Places API (New)), which Google's official clients talk to (GOOGLE_MAPS_API_URL). */
const google = await startGooglePeer();
const { asked } = google;
const googleUrl = google.url;

const t = useTestApp(async () => ({ config: { GOOGLE_MAPS_API_URL: googleUrl } }));
const admin = useLoggedIn(t, 'admin');
const setMaps = async (changes: Record<string, unknown>) => expect((await admin.browser.request('PUT', '/api/admin/google-maps-settings/current', changes)).statusCode).toBe(200);
const get = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.json<Record<string, unknown>>() };
};

afterAll(async () => {
  await setMaps({ geocodingProvider: 'offline', apiKey: null });
  await google.close();
});

const corso = {
  label: 'Via del Corso 10, 00186 Roma (RM)',
  latitude: 41.9009,
  longitude: 12.4797,
  precision: 'address',
  comune: 'Roma',
  sigla: 'RM',
  region: 'Lazio',
  postcode: '00186',
  istat: null,
  placeId: 'ChIJcorso10roma',
  source: 'google',
};

/** Issue [22]: Google chosen in the Maps settings, through its official clients, the offline comuni behind it. */
describe('geocoding through Google', () => {
  it('stays offline while Google is chosen without a key or with geocoding off', async () => {
    await setMaps({ geocodingProvider: 'google', geocodingEnabled: true, apiKey: null });
    asked.length = 0;
    expect((await get('/api/geocoding/search?q=Trastevere')).body).toMatchObject({ source: 'offline' });
    await setMaps({ apiKey: 'AIzaChiaveDiProva-1234567890', geocodingEnabled: false });
    expect((await get('/api/geocoding/search?q=Trastevere')).body).toMatchObject({ source: 'offline' });
    expect(asked).toEqual([]);
  });

  it('geocodes a typed address with the key, in Italian, within the admin’s country; the same text again from the cache', async () => {
    await setMaps({ geocodingProvider: 'google', geocodingEnabled: true, apiKey: 'AIzaChiaveDiProva-1234567890' });
    asked.length = 0;
    const res = await get(`/api/geocoding/search?q=${encodeURIComponent('Via del Corso 10, Roma')}`);
    expect(res.body).toEqual({ places: [corso], source: 'google', notice: null });
    expect(asked).toHaveLength(1);
    expect(Object.fromEntries(asked[0]!.query)).toMatchObject({
      address: 'Via del Corso 10, Roma',
      key: 'AIzaChiaveDiProva-1234567890',
      language: 'it',
      region: 'it',
      components: 'country:IT',
    });
    await get(`/api/geocoding/search?q=${encodeURIComponent('via del corso 10, roma')}`);
    expect(asked).toHaveLength(1);
    // A point: its name from Google's reverse geocoding.
    expect((await get('/api/geocoding/reverse?lat=41.9009&lng=12.4797')).body).toMatchObject({
      name: 'Roma',
      source: 'google',
      place: { label: 'Via del Corso 10, 00186 Roma (RM)' },
    });
    expect(asked[1]!.query.get('latlng')).toBe('41.9009,12.4797');
  });

  it('suggests through Places (New) with a field mask and the typing session; the place chosen is asked once, with the same session', async () => {
    asked.length = 0;
    const session = '6f1c2a4e-1b2c-4d5e-8f90-123456789abc';
    const res = await get(`/api/geocoding/suggest?q=${encodeURIComponent('via del corso 10')}&session=${session}`);
    expect(res.body).toEqual({ suggestions: [{ text: 'Via del Corso, 10, Roma, RM, Italia', place: null, placeId: 'ChIJcorso10roma' }], source: 'google', notice: null });
    expect(asked[0]).toMatchObject({ method: 'POST', path: '/v1/places:autocomplete' });
    expect(asked[0]!.headers['x-goog-api-key']).toBe('AIzaChiaveDiProva-1234567890');
    expect(asked[0]!.headers['x-goog-fieldmask']).toBe('suggestions.placePrediction.placeId,suggestions.placePrediction.text');
    expect(JSON.parse(asked[0]!.body)).toMatchObject({ input: 'via del corso 10', languageCode: 'it', includedRegionCodes: ['it'], sessionToken: session });

    const chosen = await get(`/api/geocoding/places/ChIJcorso10roma?text=${encodeURIComponent('Via del Corso, 10, Roma, RM, Italia')}&session=${session}`);
    expect(chosen.body).toEqual({ place: corso, source: 'google', notice: null });
    expect(asked[1]).toMatchObject({ method: 'GET', path: '/v1/places/ChIJcorso10roma' });
    expect(asked[1]!.headers['x-goog-fieldmask']).toBe('id,formattedAddress,location,addressComponents,types');
    expect(asked[1]!.query.get('sessionToken')).toBe(session);
    // Chosen again: its position from the cache (30 days at most), no request.
    await get(`/api/geocoding/places/ChIJcorso10roma?text=x`);
    expect(asked).toHaveLength(2);
  });

  it('falls back to the offline comuni when Google refuses, saying so in Italian; a bad place id is a 400', async () => {
    google.state.geocodeStatus = 'REQUEST_DENIED';
    try {
      const res = await get(`/api/geocoding/search?q=${encodeURIComponent('Piazza Maggiore 1, Bologna')}`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ source: 'offline', notice: 'Google non risponde ora: posizione stimata dal comune.', places: [{ comune: 'Bologna' }] });
    } finally {
      google.state.geocodeStatus = 'OK';
    }
    expect((await get('/api/geocoding/places/abc?text=Roma')).status).toBe(400);
    const gone = await get(`/api/geocoding/places/ChIJnessunluogo?text=${encodeURIComponent('qwzx')}`);
    expect(gone).toEqual({ status: 404, body: { message: 'Questo luogo non si trova più: scegli un altro suggerimento, oppure premi Invio.' } });
  });
});
