import { describe, expect, it } from 'vitest';
import { exportEvents } from '../../platform/eventstore/export.js';
import { readGoogleMapsSettings, readOpenAiSettings } from './queries.js';
import { useTestApp } from '../../../tests/support/app.js';
import { loggedIn, useLoggedIn } from '../../../tests/support/marketplace.js';

/** Google Maps and OpenAI settings: one record each, their API keys stored but never shown whole. */
const t = useTestApp();
const admin = useLoggedIn(t, 'admin');

const mapsKey = 'AIzaSyD-segreta-di-prova-0000wxyz';
const openAiKey = 'sk-proj-segreta-di-prova-0000abcd';
const maps = (body: object) => admin.browser.request('PUT', '/api/admin/google-maps-settings/current', body);
const openAi = (body: object) => admin.browser.request('PUT', '/api/admin/openai-settings/current', body);

describe('Google Maps settings', () => {
  it('starts from the spec §3 defaults, with no key', async () => {
    const res = await admin.browser.get('/api/admin/google-maps-settings/current');
    expect(res.json()).toMatchObject({
      id: 'current',
      apiKey: null,
      apiKeySet: false,
      defaultSearchRadius: 10,
      defaultMapZoom: 12,
      defaultLatitude: 41.9028,
      defaultLongitude: 12.4964,
      boundaryCountry: 'IT',
    });
  });

  it('stores a typed key and answers it masked, keeps it when the form sends it empty or masked, replaces and removes it', async () => {
    const saved = await maps({ apiKey: mapsKey, defaultSearchRadius: 25, boundaryCountry: 'sm' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ id: 'current', apiKey: 'AIz…wxyz', apiKeySet: true, defaultSearchRadius: 25, boundaryCountry: 'SM' });
    expect(saved.body).not.toContain(mapsKey);
    expect((await admin.browser.get('/api/admin/google-maps-settings/current')).body).not.toContain(mapsKey);
    expect((await readGoogleMapsSettings(t.system.db)).apiKey).toBe(mapsKey);

    // react-admin sends back the whole record it read: the masked key must not replace the real one.
    const record = saved.json();
    expect((await maps({ ...record, defaultMapZoom: 14 })).json()).toMatchObject({ apiKey: 'AIz…wxyz', defaultMapZoom: 14 });
    expect((await maps({ apiKey: '' })).json().apiKeySet).toBe(true);
    expect((await maps({ placesEnabled: false })).json().apiKeySet).toBe(true);
    expect((await readGoogleMapsSettings(t.system.db)).apiKey).toBe(mapsKey);

    expect((await maps({ apiKey: 'AIzaSyD-nuova-chiave-1111mnop' })).json()).toMatchObject({ apiKey: 'AIz…mnop', apiKeySet: true });
    expect((await maps({ clearApiKey: true })).json()).toMatchObject({ apiKey: null, apiKeySet: false });
    expect((await maps({ apiKey: mapsKey })).json().apiKeySet).toBe(true);
    expect((await maps({ apiKey: null })).json()).toMatchObject({ apiKey: null, apiKeySet: false });
  });

  it('names each invalid field in Italian', async () => {
    const res = await maps({ apiKey: 'con spazi dentro', defaultMapZoom: 12.5, defaultLatitude: 95, boundaryCountry: 'Italia', geocodingEnabled: 'sì' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Alcuni dati non sono validi.',
      errors: {
        apiKey: 'Chiave API: incolla la chiave completa, senza spazi.',
        defaultMapZoom: 'Zoom predefinito della mappa: un numero intero tra 1 e 20.',
        defaultLatitude: 'Latitudine predefinita: un numero tra -90 e 90.',
        boundaryCountry: 'Paese: il codice di due lettere (es. IT).',
        geocodingEnabled: 'Geocodifica: scegli sì o no.',
      },
    });
  });
});

describe('OpenAI settings', () => {
  it('stores the key masked, keeps it on an empty value, and refuses to switch on without one', async () => {
    const off = await openAi({ isEnabled: true });
    expect(off.statusCode).toBe(422);
    expect(off.json()).toEqual({ message: 'Per attivare OpenAI serve una chiave API.', errors: { apiKey: 'Per attivare OpenAI serve una chiave API.' } });

    const on = await openAi({ isEnabled: true, apiKey: openAiKey, model: 'gpt-4o', maxTokens: 2000, temperature: 0.3, monthlyBudgetUsd: 50, organizationId: 'org-vicino1' });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({
      id: 'current',
      isEnabled: true,
      apiKey: 'sk-…abcd',
      apiKeySet: true,
      baseUrl: 'https://api.openai.com/v1',
      organizationId: 'org-vicino1',
      model: 'gpt-4o',
      maxTokens: 2000,
      temperature: 0.3,
      timeoutSeconds: 30,
      monthlyBudgetUsd: 50,
    });
    expect((await openAi({ apiKey: '', temperature: 1 })).json()).toMatchObject({ apiKey: 'sk-…abcd', temperature: 1 });
    expect((await readOpenAiSettings(t.system.db)).apiKey).toBe(openAiKey);
    // Removing the key of a switched-on account is refused: switch it off first or at once.
    expect((await openAi({ clearApiKey: true })).statusCode).toBe(422);
    expect((await openAi({ clearApiKey: true, isEnabled: false })).json()).toMatchObject({ apiKeySet: false, isEnabled: false });
  });

  it('points at a self-hosted compatible server, which needs no key', async () => {
    const res = await openAi({ isEnabled: true, baseUrl: 'http://127.0.0.1:11434/v1', model: 'llama3.2', timeoutSeconds: 90 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ isEnabled: true, apiKeySet: false, baseUrl: 'http://127.0.0.1:11434/v1', model: 'llama3.2', timeoutSeconds: 90 });
    await openAi({ isEnabled: false, baseUrl: 'https://api.openai.com/v1' });
  });

  it('names each invalid field in Italian', async () => {
    const res = await openAi({ model: '', maxTokens: 0, temperature: 3, organizationId: 'azienda', monthlyBudgetUsd: -1, baseUrl: 'localhost:11434', timeoutSeconds: 0 });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      baseUrl: 'Indirizzo del server: scrivi l’indirizzo completo dell’API (es. https://api.openai.com/v1 o http://localhost:11434/v1).',
      timeoutSeconds: 'Tempo massimo di risposta: un numero intero tra 1 e 600 secondi.',
      model: 'Modello: campo obbligatorio.',
      maxTokens: 'Token massimi per risposta: un numero intero tra 1 e 128000.',
      temperature: 'Temperatura: un numero tra 0 e 2.',
      organizationId: 'ID organizzazione: inizia con org- (es. org-abc123), oppure lascialo vuoto.',
      monthlyBudgetUsd: 'Budget mensile: un numero tra 0 e 1000000 dollari.',
    });
  });
});

describe('keys outside the settings pages', () => {
  it('are masked in the event export and the admin history, and the settings are for admins only', async () => {
    await maps({ apiKey: mapsKey });
    await openAi({ apiKey: openAiKey });
    const lines: string[] = [];
    await exportEvents(t.system.store, { types: ['GoogleMapsSettingsUpdated', 'OpenAiSettingsUpdated'] }, (line) => {
      lines.push(line);
    });
    const exported = lines.join('');
    expect(exported).toContain('"apiKey":"[riservato]"');
    expect(exported).not.toContain(mapsKey);
    expect(exported).not.toContain(openAiKey);

    for (const type of ['google-maps-settings', 'openai-settings']) {
      const history = await admin.browser.get(`/api/admin/history/${type}/current`);
      expect(history.statusCode).toBe(200);
      expect(history.json()[0]).toMatchObject({ italianName: expect.stringMatching(/^Impostazioni di .* modificate$/) });
      expect(history.body).not.toContain(mapsKey);
      expect(history.body).not.toContain(openAiKey);
      const last = history.json().length - 1;
      expect((await admin.browser.get(`/api/admin/history/${type}/current/as-of/${last}`)).json().state.apiKey).toBe('[riservato]');
    }

    const customer = await loggedIn(t, 'customer');
    for (const url of ['/api/admin/google-maps-settings/current', '/api/admin/openai-settings/current']) {
      expect((await customer.browser.get(url)).statusCode).toBe(403);
      expect((await customer.browser.request('PUT', url, { apiKey: 'sk-rubata-123456' })).statusCode).toBe(403);
    }
    expect((await readOpenAiSettings(t.system.db)).apiKey).toBe(openAiKey);
  });
});
