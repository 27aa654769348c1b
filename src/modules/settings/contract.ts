import { z } from 'zod';
import { maskMark } from '../../platform/domain/secrets.js';
import { api, get, put } from '../../platform/http/contract.js';
import { imageUpload } from '../../platform/http/schemas.js';
import { directionsApps, geocodingProviders, type GoogleMapsSettings } from './google-maps-settings.js';
import type { OpenAiSettings } from './openai-settings.js';
import type { SiteSettings } from './site-settings.js';

/** Fields of the admin's settings forms, each with Italian messages naming the field. */
export const field = {
  flag: (label: string) => z.boolean({ error: `${label}: scegli sì o no.` }),
  /** A text; null is empty, as react-admin sends an emptied field. */
  text: (label: string, max: number, { required = false, pattern }: { required?: boolean; pattern?: [RegExp, string] } = {}) => {
    const text = z
      .string({ error: `${label}: deve essere un testo.` })
      .trim()
      .min(required ? 1 : 0, `${label}: campo obbligatorio.`)
      .max(max, `${label}: al massimo ${max} caratteri.`);
    return z.preprocess((value) => value ?? '', pattern ? text.regex(...pattern) : text);
  },
  number: (label: string, min: number, max: number, { integer = false, unit = '' } = {}) => {
    const range = `${label}: ${integer ? 'un numero intero' : 'un numero'} tra ${min} e ${max}${unit}.`;
    const number = z.number({ error: range }).min(min, range).max(max, range);
    return integer ? number.int(range) : number;
  },
  color: (label: string) =>
    z
      .string({ error: `${label}: deve essere un testo.` })
      .regex(/^#[0-9a-fA-F]{6}$/, `${label}: colore non valido, usa il formato #RRGGBB (es. #FFD747).`)
      .transform((value) => value.toUpperCase()),
  /** An uploaded picture, or none (null or empty). */
  picture: (label: string) => z.preprocess((value) => (value === '' ? null : value), imageUpload(label).nullable()),
  /**
   * A secret: a whole key without spaces. Empty or its masked form keep the stored one, null
   * removes it (domain/shared/secrets.ts typedSecret).
   */
  secret: (label: string) =>
    z
      .string({ error: `${label}: deve essere un testo.` })
      .trim()
      .max(300, `${label}: al massimo 300 caratteri.`)
      .refine((value) => value === '' || value.includes(maskMark) || /^[\x21-\x7e]{10,}$/.test(value), {
        message: `${label}: incolla la chiave completa, senza spazi.`,
      })
      .nullable(),
};

/** PUT /api/admin/site-settings/current: any field of spec §3 site_settings. */
export const siteSettingsInput = z
  .object({
    siteName: field.text('Nome del sito', 100, { required: true }),
    siteDescription: field.text('Descrizione del sito', 500),
    logo: field.picture('Logo'),
    favicon: field.picture('Favicon'),
    useLogoImage: field.flag('Usa il logo come immagine'),
    primaryColor: field.color('Colore principale'),
    secondaryColor: field.color('Colore secondario'),
    metaTitle: field.text('Titolo per i motori di ricerca', 200),
    metaDescription: field.text('Descrizione per i motori di ricerca', 500),
    metaKeywords: field.text('Parole chiave', 500),
    footerText: field.text('Testo del piè di pagina', 500),
    contactEmail: field.text('E-mail di contatto', 254).pipe(z.email('E-mail di contatto: indirizzo non valido.').or(z.literal(''))),
    socialLinks: z
      .record(
        z.string().regex(/^[a-z][a-z0-9_-]{0,29}$/, 'Social: nome non valido (es. facebook, instagram).'),
        z
          .string({ error: 'Social: il link deve essere un testo.' })
          .max(500, 'Social: link troppo lungo.')
          .regex(/^https?:\/\/\S+$/, 'Social: scrivi il link completo (https://…).'),
        { error: 'Social: un elenco di link per nome (es. {"instagram": "https://…"}).' },
      )
      .refine((links) => Object.keys(links).length <= 20, 'Social: al massimo 20 link.'),
    maintenanceMode: field.flag('Modalità manutenzione'),
    allowRegistration: field.flag('Registrazioni aperte'),
  })
  .partial();

/** The clear flag of a secret, for forms that would rather not send null. */
const clearFlag = field.flag('Rimuovi la chiave').optional();

/** PUT /api/admin/google-maps-settings/current: any field of spec §3 google_maps_settings. */
export const googleMapsSettingsInput = z
  .object({
    apiKey: field.secret('Chiave API'),
    geocodingEnabled: field.flag('Geocodifica'),
    placesEnabled: field.flag('Ricerca luoghi'),
    directionsEnabled: field.flag('Indicazioni stradali'),
    defaultSearchRadius: field.number('Raggio di ricerca predefinito', 1, 100, { unit: ' km' }),
    defaultMapZoom: field.number('Zoom predefinito della mappa', 1, 20, { integer: true }),
    useClusteringForMarkers: field.flag('Raggruppa i segnaposto'),
    defaultLatitude: field.number('Latitudine predefinita', -90, 90),
    defaultLongitude: field.number('Longitudine predefinita', -180, 180),
    restrictToBoundary: field.flag('Limita al paese'),
    boundaryCountry: z
      .string({ error: 'Paese: deve essere un testo.' })
      .regex(/^[A-Za-z]{2}$/, 'Paese: il codice di due lettere (es. IT).')
      .transform((value) => value.toUpperCase()),
    geocodingProvider: z.enum(geocodingProviders, { error: 'Geocodifica: offline (elenco dei comuni), google o nominatim.' }),
    nominatimUrl: field.text('Server Nominatim', 500, {
      pattern: [/^(https?:\/\/[^\s/?#]+[^\s?#]*)?$/, 'Server Nominatim: scrivi l’indirizzo completo (es. https://nominatim.openstreetmap.org), oppure lascialo vuoto.'],
    }),
    directionsApp: z.enum(directionsApps, { error: 'Indicazioni: openstreetmap o google.' }),
  })
  .partial()
  .extend({ clearApiKey: clearFlag });

/** PUT /api/admin/openai-settings/current. */
export const openAiSettingsInput = z
  .object({
    isEnabled: field.flag('OpenAI attivo'),
    apiKey: field.secret('Chiave API'),
    baseUrl: field.text('Indirizzo del server', 500, {
      required: true,
      pattern: [/^https?:\/\/[^\s/?#]+[^\s?#]*$/, 'Indirizzo del server: scrivi l’indirizzo completo dell’API (es. https://api.openai.com/v1 o http://localhost:11434/v1).'],
    }),
    organizationId: field.text('ID organizzazione', 100, {
      pattern: [/^(org-[A-Za-z0-9]+)?$/, 'ID organizzazione: inizia con org- (es. org-abc123), oppure lascialo vuoto.'],
    }),
    model: field.text('Modello', 100, { required: true, pattern: [/^[\w.:-]*$/, 'Modello: solo lettere, cifre e . _ : - (es. gpt-4o-mini).'] }),
    maxTokens: field.number('Token massimi per risposta', 1, 128_000, { integer: true }),
    temperature: field.number('Temperatura', 0, 2),
    timeoutSeconds: field.number('Tempo massimo di risposta', 1, 600, { integer: true, unit: ' secondi' }),
    monthlyBudgetUsd: field.number('Budget mensile', 0, 1_000_000, { unit: ' dollari' }).nullable(),
  })
  .partial()
  .extend({ clearApiKey: clearFlag });

/** Every field of spec §3 site_settings, as the read model holds them (the defaults where unchanged). */
export const siteSettings = z.object({
  siteName: z.string(),
  siteDescription: z.string(),
  logo: z.string().nullable(),
  favicon: z.string().nullable(),
  useLogoImage: z.boolean(),
  primaryColor: z.string(),
  secondaryColor: z.string(),
  metaTitle: z.string(),
  metaDescription: z.string(),
  metaKeywords: z.string(),
  footerText: z.string(),
  contactEmail: z.string(),
  socialLinks: z.record(z.string(), z.string()),
  maintenanceMode: z.boolean(),
  allowRegistration: z.boolean(),
}) satisfies z.ZodType<SiteSettings>;

/** What every visitor's maps and search need from the Google Maps settings: no key, no switches of Google's services. */
export const publicMapSettings = z.object({
  defaultSearchRadius: z.number(),
  defaultMapZoom: z.number(),
  defaultLatitude: z.number(),
  defaultLongitude: z.number(),
  useClusteringForMarkers: z.boolean(),
  restrictToBoundary: z.boolean(),
  boundaryCountry: z.string(),
  /** Where the shop page and the pickup card send for directions. */
  directionsApp: z.enum(directionsApps),
}) satisfies z.ZodType<Omit<GoogleMapsSettings, 'apiKey' | 'geocodingEnabled' | 'placesEnabled' | 'directionsEnabled' | 'geocodingProvider' | 'nominatimUrl'>>;
export type PublicMapSettings = z.infer<typeof publicMapSettings>;

/** What every visitor reads (GET /api/site-settings, and the same JSON in each page): the site settings and the maps' defaults. */
export const publicSiteSettings = siteSettings.extend({ maps: publicMapSettings });
export type PublicSiteSettings = z.infer<typeof publicSiteSettings>;

/** The one record of a settings page, as react-admin's getOne and update know it. */
const current = { id: z.literal('current') };

/** A stored key as anyone may see it (secrets.ts withMaskedKey): masked, and whether there is one. */
const maskedKey = { apiKey: z.string().nullable(), apiKeySet: z.boolean() };

export const siteSettingsRecord = siteSettings.extend(current);
export type SiteSettingsRecord = z.infer<typeof siteSettingsRecord>;

/** The one record of a settings page that keeps an API key, the key masked. */
const keyedRecord = <S extends z.core.$ZodLooseShape>(fields: S) => z.object({ ...current, ...maskedKey, ...fields });

export const googleMapsSettingsRecord = keyedRecord({
  geocodingEnabled: z.boolean(),
  placesEnabled: z.boolean(),
  directionsEnabled: z.boolean(),
  geocodingProvider: z.enum(geocodingProviders),
  nominatimUrl: z.string(),
  ...publicMapSettings.shape,
}) satisfies z.ZodType<Omit<GoogleMapsSettings, 'apiKey'>>;
export type GoogleMapsSettingsRecord = z.infer<typeof googleMapsSettingsRecord>;

export const openAiSettingsRecord = keyedRecord({
  isEnabled: z.boolean(),
  baseUrl: z.string(),
  organizationId: z.string(),
  model: z.string(),
  maxTokens: z.number(),
  temperature: z.number(),
  timeoutSeconds: z.number(),
  monthlyBudgetUsd: z.number().nullable(),
}) satisfies z.ZodType<Omit<OpenAiSettings, 'apiKey'>>;
export type OpenAiSettingsRecord = z.infer<typeof openAiSettingsRecord>;

/** Spec §3 settings: the site's, read by everyone; the site's, Google Maps' and OpenAI's, kept by the admin as one record each. */
export const settingsApi = api('impostazioni', {
  logoUrl: get('/api/site-settings/logo-url', 'Il logo del sito, quando l’amministratore lo mostra al posto del nome', { 200: z.object({ logoUrl: z.string().nullable() }) }),
  site: get('/api/site-settings', 'Le impostazioni pubbliche del sito (nome, colori, testi, manutenzione) e i valori predefiniti delle mappe', { 200: publicSiteSettings }),
  adminSite: get('/api/admin/site-settings/current', 'Le impostazioni del sito, per l’amministratore', { 200: siteSettingsRecord }),
  updateSite: put('/api/admin/site-settings/current', 'Cambia le impostazioni del sito (i campi inviati)', { 200: siteSettingsRecord }, { body: siteSettingsInput }),
  googleMaps: get('/api/admin/google-maps-settings/current', 'Le impostazioni di Google Maps, con la chiave mascherata', { 200: googleMapsSettingsRecord }),
  updateGoogleMaps: put(
    '/api/admin/google-maps-settings/current',
    'Cambia le impostazioni di Google Maps (la chiave vuota o mascherata resta quella salvata)',
    { 200: googleMapsSettingsRecord },
    {
      body: googleMapsSettingsInput,
    },
  ),
  openAi: get('/api/admin/openai-settings/current', 'Le impostazioni di OpenAI, con la chiave mascherata', { 200: openAiSettingsRecord }),
  updateOpenAi: put(
    '/api/admin/openai-settings/current',
    'Cambia le impostazioni di OpenAI (la chiave vuota o mascherata resta quella salvata)',
    { 200: openAiSettingsRecord },
    {
      body: openAiSettingsInput,
    },
  ),
});
