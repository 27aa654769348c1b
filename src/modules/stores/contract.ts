import { z } from 'zod';
import { MAX_DELIVERY_RADIUS_KM, MAX_SHIPPING_AMOUNT_CENTS, MAX_SHIPPING_RADIUS_KM } from '../../platform/domain/limits.js';
import { formatCents, toEuros } from '../../platform/domain/money.js';
import { euroAmount, euros } from '../../platform/http/money.js';
import { adminResource } from '../../platform/http/admin-rest-contract.js';
import { api, createdOrItsId, get, idParams, isoTime, patch, post, put, timestamps } from '../../platform/http/contract.js';
import { imageUpload, optionalText, requiredText, shopPhonePattern } from '../../platform/http/schemas.js';
import { product } from '../catalog/contract.js';
import { sellerTypes } from './seller.js';

const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Orario non valido: usa il formato HH:MM (es. 09:30).');

const interval = z.object({ open: time, close: time }).refine((i) => i.open < i.close, 'L’orario di chiusura deve venire dopo quello di apertura.');

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

const money = (label: string) =>
  euroAmount(
    z
      .number({ error: `${label}: deve essere un numero.` })
      .min(0, `${label}: non può essere negativo.`)
      .max(toEuros(MAX_SHIPPING_AMOUNT_CENTS), `${label}: al massimo ${formatCents(MAX_SHIPPING_AMOUNT_CENTS)}.`),
  ).nullable();

const km = (label: string, max: number) =>
  z
    .number({ error: `${label}: un numero di chilometri.` })
    .min(0, `${label}: non può essere negativo.`)
    .max(max, `${label}: al massimo ${max} km.`);

/** The shipping amounts a request or an answer gives in euros are the store's `…Cents` fields inside. */
const centsFields = { minimumOrderForShipping: 'minimumOrderForShippingCents', shippingCost: 'shippingCostCents', freeShippingThreshold: 'freeShippingThresholdCents' } as const;
type CentsFields = typeof centsFields;
type InCents<T> = Omit<T, keyof CentsFields> & { [K in keyof CentsFields as K extends keyof T ? CentsFields[K] : never]: K extends keyof T ? T[K] : never };
export function shippingInCents<T extends object>(given: T): InCents<T> {
  return Object.fromEntries(Object.entries(given).map(([k, v]) => [centsFields[k as keyof CentsFields] ?? k, v])) as InCents<T>;
}

const fields = {
  name: requiredText('Nome del negozio', { min: 2, max: 100 }),
  description: z.string().trim().max(2000, 'Descrizione: al massimo 2000 caratteri.'),
  address: requiredText('Indirizzo', { min: 5, max: 200 }),
  phone: optionalText('Telefono', 30).pipe(z.string().regex(shopPhonePattern, 'Numero di telefono non valido.').nullable()),
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

/** The defaults of a new store as the store keeps them (amounts in cents): the seed's shops take them too. */
export const newStoreDefaults = shippingInCents(defaults);

/** Every field a shopkeeper sets on a new store (spec §3), validated with Italian messages. */
export const storeProfileSchema = z
  .object({
    ...z.object(fields).partial().shape,
    name: fields.name,
    address: fields.address,
    latitude: fields.latitude,
    longitude: fields.longitude,
  })
  .transform((given) => shippingInCents({ ...defaults, ...Object.fromEntries(Object.entries(given).filter(([, v]) => v !== undefined)) } as z.output<z.ZodObject<typeof fields>>));

/** A change: any subset of the fields, nothing defaulted. */
export const storeChangesSchema = z.object(fields).partial().transform(shippingInCents);

/** The shop a record is of: its id, and its name as the record keeps it (to show without reading the shop). */
export const ofStore = { storeId: z.uuid(), storeName: z.string() };

/** The statuses of a store: waiting for the admin's approval, open, suspended by the admin. */
export const storeStatuses = ['pending', 'active', 'suspended'] as const;

const slot = z.object({ open: z.string(), close: z.string() });
const weekSlots = z.array(slot);
/** Opening hours as a store keeps them: "HH:MM" slots per weekday, 0 = domenica … 6 = sabato. */
export const weekHours = z.object({ '0': weekSlots, '1': weekSlots, '2': weekSlots, '3': weekSlots, '4': weekSlots, '5': weekSlots, '6': weekSlots });

const profileAnswer = {
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  address: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  website: z.string().nullable(),
  category: z.string(),
  storeType: z.enum(['retail', 'wholesale']),
  latitude: z.number(),
  longitude: z.number(),
  /** Null until the owner states them ("Orari non indicati"). */
  openingHours: weekHours.nullable(),
  deliveryRadius: z.number(),
  logo: z.string().nullable(),
  images: z.array(z.string()),
  showPhone: z.boolean(),
  showEmail: z.boolean(),
  showMap: z.boolean(),
  status: z.enum(storeStatuses),
};
/** How a store ships and how it is paid, as its answers say them. */
export const shippingAndPayments = z.object({
  shippingEnabled: z.boolean(),
  pickupOnly: z.boolean(),
  shippingRadius: z.number().nullable(),
  minimumOrderForShipping: euros.nullable(),
  shippingCost: euros.nullable(),
  freeShippingThreshold: euros.nullable(),
  shippingNote: z.string().nullable(),
  onlinePaymentsEnabled: z.boolean(),
  stripePaymentsEnabled: z.boolean(),
  paypalPaymentsEnabled: z.boolean(),
});

/** A store as its owner and the admin see it (docs/api-catalogue.md `Store`). */
export const store = z.object({
  id: z.uuid(),
  /** The owner. */
  userId: z.uuid(),
  ...profileAnswer,
  /** Why the admin suspended it; null otherwise. */
  statusReason: z.string().nullable(),
  ...shippingAndPayments.shape,
  ...timestamps,
  /** Visits of its public page. */
  views: z.number().int(),
});
export type Store = z.infer<typeof store>;

/** What anyone may see of a store: contacts only where the owner shows them, and whether it is open now. */
/** Who sells in the shop (issue [21]): a trader with its VAT number, or a private seller; and the admin's check of it. */
export const storeSeller = z.object({
  sellerType: z.enum(sellerTypes),
  vatNumber: z.string().nullable(),
  status: z.enum(['declared', 'verified', 'refused']),
  /** The admin's reason, when refused. */
  reason: z.string().nullable(),
  declaredAt: isoTime,
  checkedAt: isoTime.nullable(),
});
export type StoreSeller = z.infer<typeof storeSeller>;
export const sellerDeclaration = z.object({
  sellerType: z.enum(sellerTypes, { error: 'Tipo di venditore: trader (professionale) o private (privato).' }),
  vatNumber: z.string({ error: 'Partita IVA: un testo.' }).trim().max(20, 'Partita IVA: al massimo 20 caratteri.').nullable().optional(),
});
export const sellerRefusal = z.object({
  reason: z.string({ error: 'Motivo: obbligatorio.' }).trim().min(1, 'Motivo: obbligatorio.').max(500, 'Motivo: al massimo 500 caratteri.'),
});

export const publicStore = z.object({
  id: z.uuid(),
  ...profileAnswer,
  ...shippingAndPayments.shape,
  ...timestamps,
  openNow: z.boolean(),
  /** Null until reviews exist. */
  rating: z.number().nullable(),
  /** Who sells (issue [21]); null until the shopkeeper declares it. Only what the admin did not refuse is shown. */
  seller: storeSeller.pick({ sellerType: true, vatNumber: true, status: true }).nullable(),
});
export type PublicStore = z.infer<typeof publicStore>;

/** react-admin sends the whole record on PUT: only the status (with a reason to suspend) is read. */
export const storeStatusChange = z.object({
  status: z.enum(storeStatuses, { error: 'Stato non valido.' }).optional(),
  reason: z.string({ error: 'Motivo: deve essere un testo.' }).trim().max(500, 'Motivo: al massimo 500 caratteri.').optional(),
});

const idOrSlug = z.object({ idOrSlug: z.string().min(1).max(120) });
const adminStores = adminResource('/api/admin/stores', store);

/** Spec §7 stores: the owner's store, the public shop pages, the admin's approval. */
export const storesApi = api('negozi', {
  create: post('/api/stores', 'Crea il negozio del negoziante (uno per account), in attesa di approvazione', { 201: createdOrItsId(store) }, { body: storeProfileSchema }),
  mine: get('/api/stores/me', 'Il negozio del negoziante, con le sue visite', { 200: store }),
  updateMine: patch('/api/stores/me', 'Modifica le impostazioni del negozio del negoziante', { 200: store }, { body: storeChangesSchema }),
  show: get('/api/stores/:idOrSlug', 'La pagina pubblica di un negozio, per identificativo o indirizzo (conta una visita)', { 200: publicStore }, { params: idOrSlug }),
  products: get(
    '/api/stores/:idOrSlug/products',
    'I prodotti di un negozio, in evidenza e più recenti prima (anche quelli non attivi per il negoziante e l’amministrazione)',
    { 200: z.array(product) },
    {
      params: idOrSlug,
    },
  ),
  mySeller: get('/api/stores/me/seller', 'Chi vende nel mio negozio: professionista con partita IVA o privato, e la verifica dell’amministrazione', {
    200: z.object({ seller: storeSeller.nullable() }),
  }),
  declareSeller: put(
    '/api/stores/me/seller',
    'Dichiara chi vende nel mio negozio: un venditore professionale (con la partita IVA, che l’amministrazione verifica) o un privato',
    { 200: z.object({ seller: storeSeller.nullable() }) },
    { body: sellerDeclaration },
  ),
  adminSeller: get(
    '/api/admin/stores/:id/seller',
    'Chi vende in un negozio, come l’ha dichiarato (amministrazione)',
    { 200: z.object({ seller: storeSeller.nullable() }) },
    { params: idParams },
  ),
  verifySeller: post(
    '/api/admin/stores/:id/seller/verify',
    'Conferma la partita IVA dichiarata da un negozio (amministrazione)',
    { 200: z.object({ seller: storeSeller.nullable() }) },
    { params: idParams },
  ),
  refuseSeller: post(
    '/api/admin/stores/:id/seller/refuse',
    'Respinge la dichiarazione di un negozio, con il motivo (amministrazione): il negozio la corregge',
    { 200: z.object({ seller: storeSeller.nullable() }) },
    { params: idParams, body: sellerRefusal },
  ),
  approve: post('/api/admin/stores/:id/approve', 'Approva un negozio in attesa', { 200: store }, { params: idParams }),
  suspend: post(
    '/api/admin/stores/:id/suspend',
    'Sospende un negozio, con il motivo',
    { 200: store },
    { params: idParams, body: z.object({ reason: requiredText('Motivo', { max: 500 }) }) },
  ),
  reactivate: post('/api/admin/stores/:id/reactivate', 'Riattiva un negozio sospeso', { 200: store }, { params: idParams }),
  adminList: adminStores.list('Elenco dei negozi per l’amministrazione (quelli in attesa prima), con ordinamento, filtri e intervallo (Content-Range)'),
  adminShow: adminStores.get('Un negozio, per l’amministrazione'),
  adminUpdate: adminStores.update('Cambia lo stato di un negozio (approvato, sospeso con motivo, riattivato); il resto del record è ignorato', storeStatusChange),
});
