import { z } from 'zod';
import { maskMark } from '../../platform/domain/secrets.js';
import { imageUpload } from '../../platform/http/schemas.js';

/** Fields of the admin's settings forms, each with Italian messages naming the field. */
const field = {
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
  })
  .partial()
  .extend({ clearApiKey: clearFlag });

/** PUT /api/admin/openai-settings/current. */
export const openAiSettingsInput = z
  .object({
    isEnabled: field.flag('OpenAI attivo'),
    apiKey: field.secret('Chiave API'),
    organizationId: field.text('ID organizzazione', 100, {
      pattern: [/^(org-[A-Za-z0-9]+)?$/, 'ID organizzazione: inizia con org- (es. org-abc123), oppure lascialo vuoto.'],
    }),
    model: field.text('Modello', 100, { required: true, pattern: [/^[\w.:-]*$/, 'Modello: solo lettere, cifre e . _ : - (es. gpt-4o-mini).'] }),
    maxTokens: field.number('Token massimi per risposta', 1, 128_000, { integer: true }),
    temperature: field.number('Temperatura', 0, 2),
    monthlyBudgetUsd: field.number('Budget mensile', 0, 1_000_000, { unit: ' dollari' }).nullable(),
  })
  .partial()
  .extend({ clearApiKey: clearFlag });
