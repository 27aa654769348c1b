import { z } from 'zod';
import { adminResource } from '../../platform/http/admin-rest-contract.js';
import { api, get, idParams, isoTime, patch, post, timestamps } from '../../platform/http/contract.js';
import { pageQuery } from '../../platform/http/paging.js';
import { requiredText, uuidParam } from '../../platform/http/schemas.js';
import { publicStore } from '../stores/contract.js';
import { approvalStatuses, collaboratorStatuses, italyBounds, MAX_ADDRESS, MAX_AVAILABILITY_TEXT, MAX_BIO, MAX_REASON, RADIUS_KM, serviceIds } from './collaborator.js';

const latitudeMessage = `Latitudine: un punto in Italia, da ${italyBounds.minLatitude} a ${italyBounds.maxLatitude}. Indica la zona sulla mappa.`;
const longitudeMessage = `Longitudine: un punto in Italia, da ${italyBounds.minLongitude} a ${italyBounds.maxLongitude}. Indica la zona sulla mappa.`;
const radiusMessage = `Raggio: da ${RADIUS_KM.min} a ${RADIUS_KM.max} km.`;
const servicesMessage = 'Servizi: scegli almeno uno tra quelli proposti.';

const service = z.enum(serviceIds, { error: 'Servizio non disponibile.' });

/** What a collaborator writes, each field with its Italian message (the decider holds the same bounds). */
const profileFields = {
  address: requiredText('Indirizzo', { max: MAX_ADDRESS }),
  latitude: z.number({ error: latitudeMessage }).min(italyBounds.minLatitude, latitudeMessage).max(italyBounds.maxLatitude, latitudeMessage),
  longitude: z.number({ error: longitudeMessage }).min(italyBounds.minLongitude, longitudeMessage).max(italyBounds.maxLongitude, longitudeMessage),
  radiusKm: z.number({ error: radiusMessage }).min(RADIUS_KM.min, radiusMessage).max(RADIUS_KM.max, radiusMessage),
  services: z
    .array(service, { error: servicesMessage })
    .min(1, servicesMessage)
    .refine((s) => new Set(s).size === s.length, 'Servizi: ognuno una volta sola.'),
  isAvailable: z.boolean({ error: 'Disponibile: vero o falso.' }),
  availability: z.string({ error: 'Disponibilità: deve essere un testo.' }).trim().max(MAX_AVAILABILITY_TEXT, `Disponibilità: al massimo ${MAX_AVAILABILITY_TEXT} caratteri.`),
  bio: z.string({ error: 'Presentazione: deve essere un testo.' }).trim().max(MAX_BIO, `Presentazione: al massimo ${MAX_BIO} caratteri.`),
};

/** POST /api/collaborators: the coverage circle and the services are required; available by default. */
export const collaboratorRegistration = z.strictObject({
  ...profileFields,
  isAvailable: profileFields.isAvailable.default(true),
  availability: profileFields.availability.default(''),
  bio: profileFields.bio.default(''),
});

/** PATCH /api/collaborators/me: only the fields sent change; status active/inactive too. */
export const collaboratorChanges = z.strictObject({
  ...(Object.fromEntries(Object.entries(profileFields).map(([k, v]) => [k, v.optional()])) as { [K in keyof typeof profileFields]: z.ZodOptional<(typeof profileFields)[K]> }),
  status: z.enum(collaboratorStatuses, { error: 'Stato: active o inactive.' }).optional(),
});

/** Where a collaborator works: the centre of their circle (an address and its point) and its radius. */
export const coverageArea = z.object({ address: z.string(), latitude: z.number(), longitude: z.number(), radiusKm: z.number() });

/** The whole profile: what the collaborator and the admins read. */
export const collaboratorProfile = z.object({
  userId: z.uuid(),
  name: z.string(),
  status: z.enum(collaboratorStatuses),
  approvalStatus: z.enum(approvalStatuses),
  canActivateSessions: z.boolean(),
  approvedAt: isoTime.nullable(),
  /** Why the admin rejected or suspended it; null otherwise. */
  decisionReason: z.string().nullable(),
  rating: z.number(),
  creditsEarned: z.number().int(),
  coverageArea,
  services: z.array(service),
  isAvailable: z.boolean(),
  availability: z.string(),
  bio: z.string(),
  ...timestamps,
});
export type CollaboratorProfileAnswer = z.infer<typeof collaboratorProfile>;

/**
 * What a shopkeeper reads of an approved collaborator: who they are, what they offer and how far
 * they go — never where they live (address, exact point), their earnings or the admin's notes.
 */
export const collaboratorCard = z.object({
  userId: z.uuid(),
  name: z.string(),
  status: z.enum(collaboratorStatuses),
  approvalStatus: z.enum(approvalStatuses),
  canActivateSessions: z.boolean(),
  rating: z.number(),
  radiusKm: z.number(),
  services: z.array(service),
  isAvailable: z.boolean(),
  availability: z.string(),
  bio: z.string(),
});
export type CollaboratorCard = z.infer<typeof collaboratorCard>;

/** A collaborator covering the shop, with the distance from the shop to their area's centre. */
export const coveringCollaborator = collaboratorCard.extend({ distanceKm: z.number() });
export type CoveringCollaborator = z.infer<typeof coveringCollaborator>;

/** A profile in the admin's list and page (id: the collaborator's user id). */
export const adminCollaborator = collaboratorProfile.extend({ id: z.uuid(), username: z.string(), email: z.string() });
export type AdminCollaborator = z.infer<typeof adminCollaborator>;

/**
 * A circle to look into instead of the saved one (the coverage page's preview while the
 * collaborator moves it): all three or none, within the profile's bounds.
 */
export const areaPreview = z
  .object({
    latitude: z.coerce.number({ error: latitudeMessage }).min(italyBounds.minLatitude, latitudeMessage).max(italyBounds.maxLatitude, latitudeMessage),
    longitude: z.coerce.number({ error: longitudeMessage }).min(italyBounds.minLongitude, longitudeMessage).max(italyBounds.maxLongitude, longitudeMessage),
    radiusKm: z.coerce.number({ error: radiusMessage }).min(RADIUS_KM.min, radiusMessage).max(RADIUS_KM.max, radiusMessage),
  })
  .partial()
  .refine((q) => [q.latitude, q.longitude, q.radiusKm].every((v) => v === undefined) || [q.latitude, q.longitude, q.radiusKm].every((v) => v !== undefined), {
    message: 'Zona: indica latitudine, longitudine e raggio insieme, o nessuno dei tre.',
  });

/** The most shops listed for one area, nearest first (`total` counts them all). */
export const MAX_STORES_IN_AREA = 200;

/** An active shop inside the collaborator's circle: its public card, the city read from its address, the distance from the centre. */
export const storeInArea = publicStore.pick({ id: true, name: true, slug: true, category: true, address: true, latitude: true, longitude: true, logo: true }).extend({
  /** The last part of the address ("Via Roma 1, 20121 Milano" → "Milano"); empty when it has no comma. */
  city: z.string(),
  /** From the centre of the circle, rounded to ten metres. */
  distanceKm: z.number(),
});
export type StoreInArea = z.infer<typeof storeInArea>;

export const storesInArea = z.object({
  /** The circle looked into: the saved one, or the one asked for. */
  coverageArea: z.object({ latitude: z.number(), longitude: z.number(), radiusKm: z.number() }),
  /** Every active shop inside the circle. */
  total: z.number().int(),
  /** The nearest of them, at most MAX_STORES_IN_AREA. */
  stores: z.array(storeInArea),
});
export type StoresInArea = z.infer<typeof storesInArea>;

export const approval = z.strictObject({ canActivateSessions: z.boolean({ error: 'Sessioni: indica se il collaboratore può attivare sessioni (true o false).' }) });
export const decisionReason = z.strictObject({ reason: requiredText('Motivo', { max: MAX_REASON }) });

const admin = adminResource('/api/admin/collaborators', adminCollaborator);

/** Issue [12]: collaborators' profiles, the shops' view of those covering them, and the admin's approval. */
export const collaboratorsApi = api('collaboratori', {
  register: post(
    '/api/collaborators',
    'Il profilo da collaboratore di chi ha effettuato l’accesso (ruolo collaboratore), una volta sola: zona coperta, servizi, disponibilità, presentazione; parte in attesa di approvazione',
    {
      201: collaboratorProfile,
    },
    { body: collaboratorRegistration },
  ),
  ofUser: get(
    '/api/collaborators/user/:userId',
    'Il profilo di un collaboratore (404: non registrato). Intero per lui e per gli amministratori; ai negozianti solo se approvato, senza indirizzo né posizione',
    {
      200: z.union([collaboratorProfile, collaboratorCard]),
    },
    { params: z.object({ userId: uuidParam }) },
  ),
  change: patch(
    '/api/collaborators/me',
    'Modifica il proprio profilo (solo i campi inviati) e lo stato attivo/inattivo; un profilo rifiutato modificato torna in attesa di approvazione',
    {
      200: collaboratorProfile,
    },
    { body: collaboratorChanges },
  ),
  myStores: get(
    '/api/collaborators/me/stores',
    'I negozi attivi dentro la propria zona di copertura, dal più vicino al centro, con il loro numero; latitudine, longitudine e raggio insieme provano un’altra zona prima di salvarla',
    {
      200: storesInArea,
    },
    { querystring: areaPreview },
  ),
  coveringMyShop: get(
    '/api/collaborators/covering-my-shop',
    'I collaboratori approvati, attivi e disponibili la cui zona comprende il negozio, dal più vicino, a pagine (quanti in tutto in X-Total-Count)',
    {
      200: z.array(coveringCollaborator),
    },
    { querystring: z.object({ service: z.enum(serviceIds, { error: 'Servizio non disponibile.' }).optional(), ...pageQuery(24, 100) }) },
  ),
  adminList: admin.list('I profili dei collaboratori, in attesa per primi, con filtri per approvazione e stato e ricerca per nome (Content-Range)'),
  adminGet: admin.get('Il profilo di un collaboratore'),
  approve: post(
    '/api/admin/collaborators/:id/approve',
    'Approva un collaboratore in attesa (o cambia, se già approvato, se può attivare sessioni); il collaboratore è avvisato',
    {
      200: adminCollaborator,
    },
    { params: idParams, body: approval },
  ),
  reject: post(
    '/api/admin/collaborators/:id/reject',
    'Rifiuta un collaboratore in attesa, con il motivo che leggerà',
    { 200: adminCollaborator },
    { params: idParams, body: decisionReason },
  ),
  suspend: post(
    '/api/admin/collaborators/:id/suspend',
    'Sospende un collaboratore approvato, con il motivo che leggerà: non è più proposto ai negozi',
    {
      200: adminCollaborator,
    },
    { params: idParams, body: decisionReason },
  ),
  reactivate: post('/api/admin/collaborators/:id/reactivate', 'Riattiva un collaboratore sospeso', { 200: adminCollaborator }, { params: idParams }),
});
