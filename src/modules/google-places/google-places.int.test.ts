import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { Browser, useTestApp } from '../../../tests/support/app.js';
import { loggedIn, useLoggedIn, useShop } from '../../../tests/support/marketplace.js';
import { refreshGooglePlaces } from './upkeep.js';
import { shopPlaceId, startGooglePeer } from '../../../tests/support/google-peer.js';

/** Google played by its loopback peer (Places API (New)), which Google's official client talks to (GOOGLE_MAPS_API_URL). */
const google = await startGooglePeer();
const { asked } = google;
const placeId = shopPlaceId;
const googleUrl = google.url;

const t = useTestApp(async () => ({ config: { GOOGLE_MAPS_API_URL: googleUrl } }));
const admin = useLoggedIn(t, 'admin');
const shop = useShop(t, admin, { name: 'Forno Monti' });
/** What the upkeep runs with: the app's database, and Google where the app finds it. */
const upkeepDeps = () => ({ pool: t.system.pool, db: t.system.db, config: { GOOGLE_MAPS_API_URL: googleUrl } });
const setMaps = async (changes: Record<string, unknown>) => expect((await admin.browser.request('PUT', '/api/admin/google-maps-settings/current', changes)).statusCode).toBe(200);

afterEach(() => {
  vi.useRealTimers();
});
afterAll(async () => {
  await setMaps({ placesEnabled: true, apiKey: null });
  await google.close();
});

/** Issue [22]: a shop linked to its Google place shows Google's rating and photo, within Google's rules. */
describe('shops linked to their Google place', () => {
  it('answers only the shopkeeper: a customer is refused, a visitor asked to log in', async () => {
    const customer = await loggedIn(t, 'customer');
    for (const [method, url] of [
      ['GET', '/api/stores/me/google-place'],
      ['GET', '/api/stores/me/google-place/candidates'],
      ['PUT', '/api/stores/me/google-place'],
      ['DELETE', '/api/stores/me/google-place'],
    ] as const) {
      const body = method === 'PUT' ? { placeId } : undefined;
      expect((await customer.browser.request(method, url, body)).statusCode, `${method} ${url}`).toBe(403);
      expect((await new Browser(t.app).request(method, url, body)).statusCode, `${method} ${url}`).toBe(401);
    }
    expect((await shop.owner.browser.get('/api/admin/google-places')).statusCode).toBe(403);
  });

  it('is not offered while Places is off or has no key', async () => {
    await setMaps({ placesEnabled: false, apiKey: 'AIzaChiaveDiProva-1234567890' });
    const mine = await shop.owner.browser.get('/api/stores/me/google-place');
    expect(mine.json()).toEqual({ available: false, place: null });
    const candidates = await shop.owner.browser.get('/api/stores/me/google-place/candidates');
    expect(candidates.statusCode).toBe(422);
    expect(candidates.json().message).toBe('Google Places non è attivo: l’amministrazione può attivarlo nelle impostazioni di Google Maps.');
  });

  it('finds the shop by its name and address, links the place confirmed, and shows its rating and photo credited to its author', async () => {
    await setMaps({ placesEnabled: true, apiKey: 'AIzaChiaveDiProva-1234567890' });
    asked.length = 0;
    const candidates = await shop.owner.browser.get('/api/stores/me/google-place/candidates');
    expect(candidates.json()).toEqual({ candidates: [{ placeId, name: 'Forno Monti', address: 'Via dei Serpenti 10, 00184 Roma RM, Italia' }] });
    expect(asked[0]).toMatchObject({ method: 'POST', path: '/v1/places:searchText' });
    expect(JSON.parse(asked[0]!.body)).toMatchObject({ textQuery: 'Forno Monti, Via di Prova 1, Roma', languageCode: 'it', regionCode: 'it', maxResultCount: 5 });
    expect(asked[0]!.headers['x-goog-fieldmask']).toBe('places.id,places.displayName,places.formattedAddress');

    const linked = await shop.owner.browser.request('PUT', '/api/stores/me/google-place', { placeId });
    expect(linked.statusCode, linked.body).toBe(200);
    const shown = {
      placeId,
      rating: 4.6,
      reviewCount: 128,
      mapsUri: 'https://maps.google.com/?cid=123',
      photoUrl: `/api/google-places/${placeId}/photo`,
      photoAuthor: 'Anna R.',
      photoAuthorUri: 'https://maps.google.com/contrib/1',
    };
    expect(linked.json()).toEqual({ available: true, place: shown });
    expect(asked[1]!.headers['x-goog-fieldmask']).toBe('id,rating,userRatingCount,googleMapsUri,photos');

    // Anyone sees it on the shop's page; the photo leads to Google's image.
    const visitor = new Browser(t.app);
    expect((await visitor.get(`/api/stores/${shop.store.slug}/google-place`)).json()).toEqual({ place: shown });
    const photo = await visitor.get(`/api/google-places/${placeId}/photo`);
    expect(photo.statusCode).toBe(302);
    expect(photo.headers.location).toBe(`${google.url}/photos/forno.png`);
    expect(photo.headers['cache-control']).toBe('no-store');
    // The admin's list names the shop.
    const list = await admin.browser.get(
      `/api/admin/google-places?filter=${encodeURIComponent(JSON.stringify({ q: 'forno monti' }))}&sort=${encodeURIComponent('["linkedAt","DESC"]')}&range=[0,9]`,
    );
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toEqual([expect.objectContaining({ id: shop.store.id, storeName: 'Forno Monti', placeId, rating: 4.6, reviewCount: 128 })]);
    expect(list.headers['content-range']).toBe('google-places 0-0/1');
  });

  it('refreshes Google’s details after a week, and never shows them past 30 days without a refresh', async () => {
    google.state.rating = 4.7;
    const now = Date.now();
    // Within the week: nothing asked.
    asked.length = 0;
    expect(await refreshGooglePlaces(upkeepDeps(), new Date(now + 3 * 86_400_000))).toMatchObject({ refreshed: 0 });
    expect(asked).toEqual([]);
    // A week on: asked again, the new rating shown.
    expect(await refreshGooglePlaces(upkeepDeps(), new Date(now + 8 * 86_400_000))).toMatchObject({ refreshed: 1 });
    vi.useFakeTimers({ toFake: ['Date'], now: now + 8 * 86_400_000, shouldAdvanceTime: true });
    expect((await new Browser(t.app).get(`/api/stores/${shop.store.slug}/google-place`)).json().place).toMatchObject({ rating: 4.7 });
    // Google down for weeks: past 30 days from the last answer, nothing of Google's is shown, and it is removed.
    google.state.down = true;
    try {
      vi.setSystemTime(now + 39 * 86_400_000);
      expect(await refreshGooglePlaces(upkeepDeps(), new Date(now + 39 * 86_400_000))).toMatchObject({ removed: 1, failed: 1 });
      expect((await new Browser(t.app).get(`/api/stores/${shop.store.slug}/google-place`)).json().place).toEqual({
        placeId,
        rating: null,
        reviewCount: null,
        mapsUri: null,
        photoUrl: null,
        photoAuthor: null,
        photoAuthorUri: null,
      });
      expect((await new Browser(t.app).get(`/api/google-places/${placeId}/photo`)).statusCode).toBe(404);
      vi.useRealTimers();
      // Linking while Google cannot answer: a clear word, never a 500.
      const again = await shop.owner.browser.request('PUT', '/api/stores/me/google-place', { placeId: 'ChIJaltro-luogo-99' });
      expect(again.statusCode).toBe(502);
      expect(again.json().message).toBe('Google non risponde ora: riprova tra poco.');
    } finally {
      google.state.down = false;
    }
  });

  it('unlinks: the page shows nothing of Google; a place Google does not know is refused', async () => {
    const unknown = await shop.owner.browser.request('PUT', '/api/stores/me/google-place', { placeId: 'ChIJnessun-luogo-00' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toMatchObject({ message: 'Questo luogo non esiste su Google: cercalo di nuovo.', errors: { placeId: 'Luogo non trovato su Google.' } });
    expect((await shop.owner.browser.request('DELETE', '/api/stores/me/google-place')).statusCode).toBe(204);
    expect((await new Browser(t.app).get(`/api/stores/${shop.store.slug}/google-place`)).json()).toEqual({ place: null });
    expect((await shop.owner.browser.request('PUT', '/api/stores/me/google-place', { placeId: 'non valido' })).statusCode).toBe(400);
  });
});
