import { z } from 'zod';
import { adminResource } from '../../platform/http/admin-rest-contract.js';
import { pageQuery } from '../../platform/http/paging.js';
import { api, get, idParams, isoTime, movesOf, patch, post, statusesQuery, timestamps } from '../../platform/http/contract.js';
import { permissions } from '../assignments/labels.js';
import { accessStatuses, codeKinds, MAX_SESSION_CREDITS, securityLevels, sessionExpiredReasons, sessionStatuses } from './labels.js';
import { ofStore } from '../stores/contract.js';

const time = (what: string) => z.iso.datetime({ offset: true, error: `${what}: data e ora ISO 8601.` });
const credits = z
  .number({ error: 'Crediti AI: un numero intero.' })
  .int('Crediti AI: un numero intero.')
  .min(0, 'Crediti AI: non possono essere negativi.')
  .max(MAX_SESSION_CREDITS, `Crediti AI: al massimo ${MAX_SESSION_CREDITS}.`);
const reason = z.string({ error: 'Motivo: campo obbligatorio.' }).trim().min(1, 'Motivo: campo obbligatorio.').max(500, 'Motivo: al massimo 500 caratteri.');
const code = (what: string) =>
  z
    .string({ error: `${what}: campo obbligatorio.` })
    .trim()
    .min(1, `${what}: campo obbligatorio.`)
    .max(20, `${what}: codice non valido.`);
const latitude = z.number({ error: 'Latitudine: un numero.' }).min(-90, 'Latitudine non valida.').max(90, 'Latitudine non valida.');
const longitude = z.number({ error: 'Longitudine: un numero.' }).min(-180, 'Longitudine non valida.').max(180, 'Longitudine non valida.');

/** POST /api/collaboration-sessions: one period of work, inside an assignment or under a standing access. */
export const newSession = z
  .strictObject({
    assignmentId: z.uuid('Incarico: identificativo non valido.').optional(),
    accessId: z.uuid('Accesso: identificativo non valido.').optional(),
    scheduledStartAt: time('Inizio previsto'),
    scheduledEndAt: time('Fine prevista'),
    securityLevel: z.enum(securityLevels, { error: 'Livello di sicurezza: basic, standard o high.' }).default('standard'),
    aiCredits: credits.default(0),
  })
  .superRefine((body, ctx) => {
    if (!body.assignmentId === !body.accessId) ctx.addIssue({ code: 'custom', path: ['assignmentId'], message: 'Indica l’incarico oppure l’accesso permanente della sessione.' });
  });
export type NewSessionBody = z.output<typeof newSession>;

/** One step of a session's life, as its timeline shows it. */
export const sessionStep = z.object({
  type: z.string(),
  italianName: z.string(),
  summary: z.string(),
  at: isoTime,
  actorName: z.string().nullable(),
});

/** One thing the collaborator did for the shop during the session (aiActionsLog). */
export const sessionAction = z.object({
  eventId: z.uuid(),
  type: z.string(),
  italianName: z.string(),
  summary: z.string(),
  at: isoTime,
  /** What it touched: `product`, `order`… and its id. */
  subject: z.object({ type: z.string(), id: z.string() }).nullable(),
  aiCredits: z.number().int(),
});
export type SessionAction = z.infer<typeof sessionAction>;

/**
 * A collaboration session as its reader may see it (docs/api-collaboration-sessions.md): its
 * status as read now (past its activation window or its end: expired), the codes for the
 * shopkeeper only, the collaborator's address and device for the shopkeeper and admins only.
 */
export const collaborationSession = z.object({
  id: z.uuid(),
  assignmentId: z.uuid().nullable(),
  accessId: z.uuid().nullable(),
  ...ofStore,
  storeAddress: z.string(),
  storeLatitude: z.number(),
  storeLongitude: z.number(),
  shopkeeperId: z.uuid(),
  collaboratorId: z.uuid(),
  collaboratorName: z.string(),
  status: z.enum(sessionStatuses),
  securityLevel: z.enum(securityLevels),
  permissions: z.array(z.enum(permissions)),
  scheduledStartAt: isoTime,
  scheduledEndAt: isoTime,
  readyAt: isoTime,
  /** The last moment it can be activated. */
  activationDeadline: isoTime,
  /** Active: when it ends by itself unless closed. */
  closeDeadline: isoTime,
  startedAt: isoTime.nullable(),
  actualEndAt: isoTime.nullable(),
  /** High security: activated with the code, waiting for the shopkeeper's confirmation. */
  awaitingConfirmation: z.boolean(),
  locationVerified: z.boolean(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  manuallyRevoked: z.boolean(),
  revokedBy: z.uuid().nullable(),
  revokedAt: isoTime.nullable(),
  revokeReason: z.string().nullable(),
  cancelReason: z.string().nullable(),
  expiredReason: z.enum(sessionExpiredReasons).nullable(),
  aiCreditsAllocated: z.number().int(),
  aiCreditsUsed: z.number().int(),
  /** The shopkeeper's view: the code to give the collaborator now (activation while ready, closure while active), null otherwise. */
  activationCode: z.string().nullable(),
  closureCode: z.string().nullable(),
  /** A code burnt by five wrong tries, waiting for the shopkeeper to reissue it. */
  activationCodeBurnt: z.boolean(),
  closureCodeBurnt: z.boolean(),
  actionsCount: z.number().int(),
  ...timestamps,
});
export type CollaborationSession = z.infer<typeof collaborationSession>;

/** A session with its lifecycle and what the collaborator did in it. */
export const sessionDetail = collaborationSession.extend({ timeline: z.array(sessionStep), actions: z.array(sessionAction) });
export type SessionDetail = z.infer<typeof sessionDetail>;

const listQuery = z.object({
  status: statusesQuery(sessionStatuses, { example: 'ready,active', unknown: 'Stato della sessione non valido.' }),
  ...pageQuery(100, 300),
  assignmentId: z.uuid('Incarico: identificativo non valido.').optional(),
});

/** A standing access (store_collaborator_assignments): the code only for the shopkeeper, until redeemed. */
export const storeAccess = z.object({
  id: z.uuid(),
  ...ofStore,
  shopkeeperId: z.uuid(),
  collaboratorId: z.uuid(),
  collaboratorName: z.string(),
  description: z.string(),
  status: z.enum(accessStatuses),
  permissions: z.array(z.enum(permissions)),
  accessCode: z.string().nullable(),
  codeUsed: z.boolean(),
  codeUsedAt: isoTime.nullable(),
  expiresAt: isoTime,
  creditsAllocated: z.number().int(),
  creditsUsed: z.number().int(),
  endedAt: isoTime.nullable(),
  endReason: z.string().nullable(),
  createdAt: isoTime,
});
export type StoreAccess = z.infer<typeof storeAccess>;

export const newStoreAccess = z.strictObject({
  collaboratorId: z.uuid('Collaboratore: identificativo non valido.'),
  description: z.string({ error: 'Descrizione: un testo.' }).trim().max(500, 'Descrizione: al massimo 500 caratteri.').default(''),
  expiresAt: time('Scadenza'),
  credits: credits.default(0),
  permissions: z
    .array(z.enum(permissions, { error: 'Permesso: products, orders o ai.' }), { error: 'Permessi: un elenco.' })
    .min(1, 'Permessi: almeno uno.')
    .refine((p) => new Set(p).size === p.length, 'Permessi: ognuno una volta sola.')
    .default(['products']),
});

const session = movesOf('/api/collaboration-sessions/:id', collaborationSession);
/** A move whose body is required (movesOf's are optional). */
const sessionWith = <const A extends string, B extends z.ZodType>(move: A, summary: string, body: B) =>
  post(`/api/collaboration-sessions/:id/${move}`, summary, { 200: collaborationSession }, { params: idParams, body });
const admin = adminResource('/api/admin/collaboration-sessions', collaborationSession);

/** Issue [13]: periods of work opened and closed with one-time codes. */
export const collaborationSessionsApi = api('sessioni di collaborazione', {
  list: get(
    '/api/collaboration-sessions',
    'Le sessioni: del negozio (negoziante), mie (collaboratore), tutte (amministratore); prima le attive e le prossime',
    { 200: z.array(collaborationSession) },
    { querystring: listQuery },
  ),
  current: get('/api/collaboration-sessions/current', 'La sessione attiva del collaboratore, con il tempo e i crediti rimasti (404: nessuna)', { 200: collaborationSession }),
  get: get('/api/collaboration-sessions/:id', 'Una sessione con la sua cronologia e le azioni svolte per il negozio', { 200: sessionDetail }, { params: idParams }),
  schedule: post(
    '/api/collaboration-sessions',
    'Il negoziante programma una sessione di un incarico o di un accesso permanente',
    { 201: collaborationSession },
    { body: newSession },
  ),
  reschedule: patch(
    '/api/collaboration-sessions/:id',
    'Il negoziante sposta una sessione non ancora attivata',
    { 200: collaborationSession },
    { params: idParams, body: z.strictObject({ scheduledStartAt: time('Inizio previsto'), scheduledEndAt: time('Fine prevista') }) },
  ),
  activate: post(
    '/api/collaboration-sessions/activate',
    'Il collaboratore attiva la sessione con il codice del negozio (e la sua posizione, per i livelli standard e alto)',
    { 200: collaborationSession },
    { body: z.strictObject({ code: code('Codice di attivazione'), latitude: latitude.optional(), longitude: longitude.optional() }) },
  ),
  confirm: session('confirm', 'Sicurezza alta: il negoziante conferma dal suo dispositivo la sessione attivata con il codice'),
  close: sessionWith('close', 'Il collaboratore chiude la sessione con il codice di chiusura del negozio', z.strictObject({ closureCode: code('Codice di chiusura') })),
  reissue: sessionWith(
    'reissue',
    'Il negoziante genera un nuovo codice (attivazione o chiusura): il precedente non vale più',
    z.strictObject({ kind: z.enum(codeKinds, { error: 'Codice: activation o closure.' }) }),
  ),
  revoke: sessionWith('revoke', 'Il negoziante o un amministratore revoca la sessione con il motivo: l’accesso finisce alla richiesta successiva', z.strictObject({ reason })),
  cancel: session('cancel', 'Il negoziante annulla una sessione non ancora attivata', z.object({ reason: reason.optional() })),
  adminList: admin.list('Le sessioni per l’amministrazione, prima le attive, con filtri per stato e livello e ricerca per negozio o collaboratore (Content-Range)'),
  adminGet: admin.get('Una sessione'),
});

const access = movesOf('/api/store-access/:id', storeAccess);

/** Issue [13]: a shopkeeper's standing access for a trusted collaborator. */
export const storeAccessApi = api('accessi permanenti', {
  list: get(
    '/api/store-access',
    'Gli accessi permanenti: del negozio (negoziante), miei (collaboratore), tutti (amministratore); i più recenti prima (X-Total-Count)',
    { 200: z.array(storeAccess) },
    { querystring: z.object(pageQuery(100, 200)) },
  ),
  create: post('/api/store-access', 'Il negoziante dà a un collaboratore fidato un codice di accesso da riscattare una volta', { 201: storeAccess }, { body: newStoreAccess }),
  redeem: post(
    '/api/store-access/redeem',
    'Il collaboratore riscatta il codice di accesso del negozio',
    { 200: storeAccess },
    { body: z.strictObject({ code: code('Codice di accesso') }) },
  ),
  end: access('end', 'Il negoziante o un amministratore chiude l’accesso: le sessioni non ancora attivate si annullano', z.object({ reason: reason.optional() })),
});
