import { describe, expect, it } from 'vitest';
import { Browser, useTestApp } from '../../../tests/support/app.js';
import { loggedIn, useLoggedIn } from '../../../tests/support/marketplace.js';
import { publicMapSettings } from './contract.js';
import { defaultGoogleMapsSettings } from './google-maps-settings.js';

const t = useTestApp();
const admin = useLoggedIn(t, 'admin');

/** The maps' defaults as every visitor reads them: the stored defaults through the public contract (no key, no switches of Google's services). */
const publicMapDefaults = publicMapSettings.parse(defaultGoogleMapsSettings);

const put = (browser: Browser, body: object) => browser.request('PUT', '/api/admin/site-settings/current', body);

describe('GET/PUT /api/admin/site-settings/current', () => {
  it('answers the one record, id "current", with the spec defaults before any change', async () => {
    const res = await admin.browser.get('/api/admin/site-settings/current');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: 'current', primaryColor: '#FFD747', secondaryColor: '#FF8847', allowRegistration: true, maintenanceMode: false });
  });

  it('changes every field, answers the full record, and the public read shows the new colours', async () => {
    const changes = {
      siteName: 'Vicino Milano',
      siteDescription: 'Le botteghe di Milano.',
      logo: '/uploads/logo.png',
      favicon: '/uploads/icona.png',
      useLogoImage: true,
      primaryColor: '#1a73e8',
      secondaryColor: '#E8711A',
      metaTitle: 'Vicino Milano',
      metaDescription: 'Compra dalle botteghe di Milano.',
      metaKeywords: 'milano, botteghe',
      footerText: '© Vicino Milano',
      contactEmail: 'aiuto@vicino.it',
      socialLinks: { instagram: 'https://instagram.com/vicino' },
      maintenanceMode: false,
      allowRegistration: true,
    };
    // react-admin sends the record back whole, id included.
    const res = await put(admin.browser, { id: 'current', ...changes });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: 'current', ...changes, primaryColor: '#1A73E8' });
    const reread = (await admin.browser.get('/api/admin/site-settings/current')).json();
    expect(reread).toEqual(res.json());

    const pub = await new Browser(t.app).get('/api/site-settings');
    expect(pub.json()).toMatchObject({ primaryColor: '#1A73E8', secondaryColor: '#E8711A', siteName: 'Vicino Milano' });
    expect((await new Browser(t.app).get('/api/site-settings/logo-url')).json()).toEqual({ logoUrl: '/uploads/logo.png' });
    // A logo kept but not chosen: the header writes the site's name instead.
    expect((await put(admin.browser, { useLogoImage: false })).statusCode).toBe(200);
    expect((await new Browser(t.app).get('/api/site-settings/logo-url')).json()).toEqual({ logoUrl: null });

    // An empty picture is no picture; an emptied text comes from react-admin as null and is empty.
    expect((await put(admin.browser, { logo: '', useLogoImage: false })).json()).toMatchObject({ logo: null, useLogoImage: false });
    expect((await put(admin.browser, { contactEmail: null, metaKeywords: null })).json()).toMatchObject({ contactEmail: '', metaKeywords: '' });
    expect((await put(admin.browser, { siteName: null })).json().errors).toEqual({ siteName: 'Nome del sito: campo obbligatorio.' });
  });

  it('names each invalid field in Italian and changes nothing', async () => {
    const before = (await admin.browser.get('/api/admin/site-settings/current')).json();
    const res = await put(admin.browser, {
      siteName: '  ',
      primaryColor: 'giallo',
      contactEmail: 'non-una-mail',
      maintenanceMode: 'sì',
      logo: 'https://altrove.it/logo.gif',
      socialLinks: { instagram: 'instagram.com/vicino' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Alcuni dati non sono validi.',
      errors: {
        siteName: 'Nome del sito: campo obbligatorio.',
        primaryColor: 'Colore principale: colore non valido, usa il formato #RRGGBB (es. #FFD747).',
        contactEmail: 'E-mail di contatto: indirizzo non valido.',
        maintenanceMode: 'Modalità manutenzione: scegli sì o no.',
        logo: 'Logo: carica un’immagine JPEG, PNG o WebP con il modulo apposito.',
        'socialLinks.instagram': 'Social: scrivi il link completo (https://…).',
      },
    });
    expect((await admin.browser.get('/api/admin/site-settings/current')).json()).toEqual(before);
  });

  it('is for admins only', async () => {
    const customer = await loggedIn(t, 'customer');
    expect((await customer.browser.get('/api/admin/site-settings/current')).statusCode).toBe(403);
    expect((await put(customer.browser, { siteName: 'Mio' })).statusCode).toBe(403);
    expect((await new Browser(t.app).get('/api/site-settings')).json().siteName).not.toBe('Mio');
  });
});

describe('GET /api/site-settings: the maps’ defaults', () => {
  it('tells every visitor the Google Maps settings the maps and the search follow, never the key or the services’ switches', async () => {
    const maps = (body: object) => admin.browser.request('PUT', '/api/admin/google-maps-settings/current', body);
    const read = async () => (await new Browser(t.app).get('/api/site-settings')).json();
    const first = await read();
    expect(first.maps).toEqual(publicMapDefaults);
    expect(first.maps).toMatchObject({ defaultSearchRadius: 10, defaultLatitude: 41.9028, defaultLongitude: 12.4964, boundaryCountry: 'IT' });
    const changed = {
      defaultSearchRadius: 5,
      defaultMapZoom: 14,
      defaultLatitude: 45.4642,
      defaultLongitude: 9.19,
      useClusteringForMarkers: false,
      restrictToBoundary: false,
      boundaryCountry: 'SM',
      directionsApp: 'google',
    };
    expect((await maps({ ...changed, apiKey: 'AIzaSegretissima-1234567890' })).statusCode).toBe(200);
    try {
      const res = await new Browser(t.app).get('/api/site-settings');
      expect(res.json().maps).toEqual(changed);
      expect(res.body).not.toContain('Segretissima');
      expect(res.json().maps).not.toHaveProperty('geocodingEnabled');
      // Which service geocodes, and its server, are the admin's business.
      expect(res.json().maps).not.toHaveProperty('geocodingProvider');
      expect(res.json().maps).not.toHaveProperty('nominatimUrl');
    } finally {
      expect((await maps({ ...publicMapDefaults, apiKey: null })).statusCode).toBe(200);
    }
  });
});

describe('maintenance mode', () => {
  it('answers 503 to customers’ writes while reads, login, logout and the admin keep working', async () => {
    const customer = await loggedIn(t, 'customer');
    const anotherCustomer = await loggedIn(t, 'customer');
    expect((await put(admin.browser, { maintenanceMode: true })).json().maintenanceMode).toBe(true);
    try {
      const write = await customer.browser.request('PATCH', '/api/user', { name: 'Nuovo Nome' });
      expect(write.statusCode).toBe(503);
      expect(write.headers['retry-after']).toBe('300');
      expect(write.json()).toEqual({ message: 'Il sito è in manutenzione: per ora puoi solo consultarlo. Riprova tra qualche minuto.' });
      expect((await new Browser(t.app).post('/api/register', { username: 'durante', name: 'A B', email: 'a@b.it', password: 'segreta1', role: 'customer' })).statusCode).toBe(503);

      // Reads keep working, and the public settings say why writes are refused.
      expect((await customer.browser.get('/api/user')).json().name).toBe('Prova Rossi');
      expect((await new Browser(t.app).get('/api/site-settings')).json().maintenanceMode).toBe(true);

      // Signing in and out stays open.
      const again = new Browser(t.app);
      expect((await again.post('/api/login', { username: anotherCustomer.username, password: 'password1' })).statusCode).toBe(200);
      expect((await again.post('/api/logout')).statusCode).toBe(200);

      // The admin writes as usual.
      const adminWrite = await admin.browser.request('PATCH', '/api/user', { name: 'Amministratrice' });
      expect(adminWrite.statusCode).toBe(200);
      expect(adminWrite.json().name).toBe('Amministratrice');
    } finally {
      expect((await put(admin.browser, { maintenanceMode: false })).statusCode).toBe(200);
    }
    const after = await customer.browser.request('PATCH', '/api/user', { name: 'Nuovo Nome' });
    expect(after.statusCode).toBe(200);
    expect(after.json().name).toBe('Nuovo Nome');
  });
});
