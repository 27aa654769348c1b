import { z } from 'zod';
import { formatEuro } from '../../platform/domain/format.js';
import { MAX_DELIVERY_RADIUS_KM, MAX_SHIPPING_AMOUNT, MAX_SHIPPING_RADIUS_KM } from '../../platform/domain/limits.js';
import { imageUpload, requiredText } from '../../platform/http/schemas.js';

const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Orario non valido: usa il formato HH:MM (es. 09:30).');

const interval = z
  .object({ open: time, close: time })
  .refine((i) => i.open < i.close, 'L’orario di chiusura deve venire dopo quello di apertura.');

const day = z
  .array(interval, { error: 'Giorno mancante: indica le sue fasce orarie, o nessuna se è chiuso.' })
  .max(3, 'Al massimo tre fasce orarie al giorno.')
  .refine(
    (list) => [...list].sort((a, b) => a.open.localeCompare(b.open)).every((slot, i, sorted) => i === 0 || sorted[i - 1]!.close <= slot.open),
    'Le fasce orarie dello stesso giorno non possono sovrapporsi.',
  );

/** Weekly opening hours: 0 = domenica … 6 = sabato; an empty day is a closed day. */
export const openingHoursSchema = z.object(
  { '0': day, '1': day, '2': day, '3': day, '4': day, '5': day, '6': day },
  { error: 'Orari di apertura non validi: indica per ogni giorno le fasce o il giorno di chiusura.' },
);

const optionalText = (label: string, max: number) =>
  z.string().trim().max(max, `${label}: al massimo ${max} caratteri.`).nullable().transform((v) => (v ? v : null));

const money = (label: string) =>
  z
    .number({ error: `${label}: deve essere un numero.` })
    .min(0, `${label}: non può essere negativo.`)
    .max(MAX_SHIPPING_AMOUNT, `${label}: al massimo ${formatEuro(MAX_SHIPPING_AMOUNT)}.`)
    .nullable();

const km = (label: string, max: number) =>
  z.number({ error: `${label}: un numero di chilometri.` }).min(0, `${label}: non può essere negativo.`).max(max, `${label}: al massimo ${max} km.`);

const fields = {
  name: requiredText('Nome del negozio', { min: 2, max: 100 }),
  description: z.string().trim().max(2000, 'Descrizione: al massimo 2000 caratteri.'),
  address: requiredText('Indirizzo', { min: 5, max: 200 }),
  phone: optionalText('Telefono', 30).pipe(z.string().regex(/^\+?[\d\s/.-]{6,20}$/, 'Numero di telefono non valido.').nullable()),
  email: optionalText('E-mail', 254).pipe(z.email('Indirizzo e-mail non valido.').nullable()),
  website: optionalText('Sito web', 300).pipe(z.url({ protocol: /^https?$/, error: 'Indirizzo del sito non valido (https://…).' }).nullable()),
  category: requiredText('Categoria', { max: 60 }),
  storeType: z.enum(['retail', 'wholesale'], { error: 'Tipo di negozio non valido.' }),
  latitude: z.number({ error: 'Posizione obbligatoria: indica il negozio sulla mappa.' }).min(-90, 'Latitudine: da -90 a 90.').max(90, 'Latitudine: da -90 a 90.'),
  longitude: z.number({ error: 'Posizione obbligatoria: indica il negozio sulla mappa.' }).min(-180, 'Longitudine: da -180 a 180.').max(180, 'Longitudine: da -180 a 180.'),
  // Null: not stated yet (spec §3 requires only address and position); no pickup until they are.
  openingHours: openingHoursSchema.nullable(),
  deliveryRadius: km('Raggio di consegna', MAX_DELIVERY_RADIUS_KM),
  logo: imageUpload('Logo').nullable(),
  images: z.array(imageUpload('Immagine')).max(10, 'Al massimo 10 immagini.'),
  showPhone: z.boolean(),
  showEmail: z.boolean(),
  showMap: z.boolean(),
  shippingEnabled: z.boolean(),
  pickupOnly: z.boolean(),
  shippingRadius: km('Raggio di spedizione', MAX_SHIPPING_RADIUS_KM).nullable(),
  minimumOrderForShipping: money('Ordine minimo per la spedizione'),
  shippingCost: money('Costo di spedizione'),
  freeShippingThreshold: money('Soglia di spedizione gratuita'),
  shippingNote: optionalText('Nota sulla spedizione', 300),
  onlinePaymentsEnabled: z.boolean(),
  stripePaymentsEnabled: z.boolean(),
  paypalPaymentsEnabled: z.boolean(),
};

/** Spec §3 defaults of what a new store need not say. */
const defaults = {
  description: '',
  phone: null,
  email: null,
  website: null,
  category: 'general',
  storeType: 'retail' as const,
  deliveryRadius: 5,
  openingHours: null,
  logo: null,
  images: [] as string[],
  showPhone: true,
  showEmail: true,
  showMap: true,
  shippingEnabled: false,
  pickupOnly: true,
  shippingRadius: null,
  minimumOrderForShipping: null,
  shippingCost: null,
  freeShippingThreshold: null,
  shippingNote: null,
  onlinePaymentsEnabled: false,
  stripePaymentsEnabled: false,
  paypalPaymentsEnabled: false,
};

/** Every field a shopkeeper sets on a new store (spec §3), validated with Italian messages. */
export const storeProfileSchema = z
  .object({
    ...z.object(fields).partial().shape,
    name: fields.name,
    address: fields.address,
    latitude: fields.latitude,
    longitude: fields.longitude,
  })
  .transform((given) => ({ ...defaults, ...Object.fromEntries(Object.entries(given).filter(([, v]) => v !== undefined)) }) as z.output<z.ZodObject<typeof fields>>);

/** A change: any subset of the fields, nothing defaulted. */
export const storeChangesSchema = z.object(fields).partial();
