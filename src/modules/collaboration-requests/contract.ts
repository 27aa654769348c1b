import { z } from 'zod';
import { adminResource } from '../../platform/http/admin-rest-contract.js';
import { anyBody, api, get, idParams, isoTime, post, timestamps } from '../../platform/http/contract.js';
import { euroAmount, euros } from '../../platform/http/money.js';
import { serviceIds } from '../collaborators/services.js';
import { unlockStatuses } from '../package-unlocks/labels.js';
import { expiredReasons, requestStatuses, requestTypes, urgencyLevels } from './labels.js';
import { ofStore } from '../stores/contract.js';

const service = z.enum(serviceIds, { error: 'Servizio non disponibile.' });

/** POST /api/collaboration-requests: the collaborator only for a direct request (the decider says so too). */
export const newRequest = z
  .strictObject({
    requestType: z.enum(requestTypes, { error: 'Tipo di richiesta: direct, waiting o auto_match.' }),
    collaboratorId: z.uuid('Collaboratore: identificativo non valido.').optional(),
    message: z.string({ error: 'Messaggio: campo obbligatorio.' }).trim().min(1, 'Messaggio: campo obbligatorio.').max(1000, 'Messaggio: al massimo 1000 caratteri.'),
    estimatedDuration: z
      .number({ error: 'Durata stimata: un numero di minuti.' })
      .int('Durata stimata: un numero intero di minuti.')
      .min(15, 'Durata stimata: almeno 15 minuti.')
      .max(10080, 'Durata stimata: al massimo 10080 minuti (una settimana).'),
    urgencyLevel: z.enum(urgencyLevels, { error: 'Urgenza: low, normal, high o urgent.' }).default('normal'),
    maxBudget: euroAmount(
      z.number({ error: 'Budget massimo: un importo in euro.' }).min(0, 'Budget massimo: non può essere negativo.').max(100000, 'Budget massimo: al massimo 100.000 €.'),
    ),
    requiredServices: z
      .array(service, { error: 'Servizi richiesti: un elenco di servizi.' })
      .refine((s) => new Set(s).size === s.length, 'Servizi richiesti: ognuno una volta sola.')
      .default([]),
    responseDeadline: z.iso.datetime({ offset: true, error: 'Scadenza della risposta: data e ora ISO 8601.' }).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.requestType === 'direct' && !body.collaboratorId)
      ctx.addIssue({ code: 'custom', path: ['collaboratorId'], message: 'Collaboratore: obbligatorio per una richiesta diretta.' });
    if (body.requestType !== 'direct' && body.collaboratorId) ctx.addIssue({ code: 'custom', path: ['collaboratorId'], message: 'Collaboratore: solo per una richiesta diretta.' });
  });
export type NewRequestBody = z.output<typeof newRequest>;

const listQuery = z.object({
  status: z.enum(requestStatuses, { error: 'Stato della richiesta non valido.' }).optional(),
});

/** The unlock as the request shows it. */
const requestUnlock = z.object({ id: z.uuid(), unlockStatus: z.enum(unlockStatuses), purchaseDeadline: isoTime.nullable(), freeOfCharge: z.boolean() });

/** A collaboration request, as its reader may see it (docs/api-collaboration-requests.md `CollaborationRequest`). */
export const collaborationRequest = z.object({
  id: z.uuid(),
  shopkeeperId: z.uuid(),
  ...ofStore,
  storeCity: z.string(),
  requestType: z.enum(requestTypes),
  status: z.enum(requestStatuses),
  collaboratorId: z.uuid().nullable(),
  collaboratorName: z.string().nullable(),
  message: z.string(),
  estimatedDuration: z.number().int(),
  urgencyLevel: z.enum(urgencyLevels),
  maxBudget: euros,
  requiredServices: z.array(z.string()),
  responseDeadline: isoTime,
  offeredUntil: isoTime.nullable(),
  acceptedAt: isoTime.nullable(),
  rejectedAt: isoTime.nullable(),
  rejectionReason: z.string().nullable(),
  closedAt: isoTime.nullable(),
  expiredReason: z.enum(expiredReasons).nullable(),
  ...timestamps,
  /** The collaborator's view: from the centre of their area to the shop. */
  distanceKm: z.number().nullable(),
  /** The collaborator's view of a waiting request another collaborator accepted. */
  takenByOther: z.boolean(),
  unlock: requestUnlock.nullable(),
});
export type CollaborationRequest = z.infer<typeof collaborationRequest>;

/**
 * A request in the admin's list and page (GET /api/admin/collaboration-requests): every field,
 * its status as read now (an open one past its deadline, an accepted one not bought in time:
 * expired), the shopkeeper's name and its unlock's state.
 */
export const adminCollaborationRequest = collaborationRequest.omit({ storeCity: true, distanceKm: true, takenByOther: true, unlock: true }).extend({
  shopkeeperName: z.string(),
  cancelReason: z.string().nullable(),
  unlockId: z.uuid(),
  unlockStatus: z.enum(unlockStatuses).nullable(),
  freeOfCharge: z.boolean(),
  purchaseDeadline: isoTime.nullable(),
});
export type AdminCollaborationRequest = z.infer<typeof adminCollaborationRequest>;

const admin = adminResource('/api/admin/collaboration-requests', adminCollaborationRequest);

/** Issue [12]: shops ask collaborators for help (direct, waiting, auto_match). */
export const collaborationRequestsApi = api('richieste di collaborazione', {
  create: post(
    '/api/collaboration-requests',
    'Il negoziante chiede aiuto: a un collaboratore (direct), a chiunque copra il negozio (waiting) o al migliore disponibile, uno alla volta (auto_match)',
    { 201: collaborationRequest },
    { body: newRequest },
  ),
  list: get(
    '/api/collaboration-requests',
    'Le richieste: del negozio (negoziante), rivolte a me o aperte nella mia zona (collaboratore), tutte (amministratore); dalla più recente',
    { 200: z.array(collaborationRequest) },
    { querystring: listQuery },
  ),
  get: get('/api/collaboration-requests/:id', 'Una richiesta di collaborazione, per chi può vederla', { 200: collaborationRequest }, { params: idParams }),
  accept: post(
    '/api/collaboration-requests/:id/accept',
    'Il collaboratore accetta la richiesta: la prima accettazione vince; il pacchetto si sblocca per il negoziante',
    { 200: collaborationRequest },
    { params: idParams, body: anyBody.nullish() },
  ),
  reject: post(
    '/api/collaboration-requests/:id/reject',
    'Il collaboratore a cui è rivolta rifiuta la richiesta, con il motivo',
    { 200: collaborationRequest },
    {
      params: idParams,
      body: z.object({ reason: z.string({ error: 'Motivo: campo obbligatorio.' }).trim().min(1, 'Motivo: campo obbligatorio.').max(500, 'Motivo: al massimo 500 caratteri.') }),
    },
  ),
  cancel: post(
    '/api/collaboration-requests/:id/cancel',
    'Il negoziante annulla la richiesta prima che un collaboratore la accetti',
    { 200: collaborationRequest },
    {
      params: idParams,
      body: z.object({ reason: z.string({ error: 'Motivo: deve essere un testo.' }).trim().max(500, 'Motivo: al massimo 500 caratteri.').optional() }).nullish(),
    },
  ),
  adminList: admin.list(
    'Le richieste di collaborazione per l’amministrazione, dalla più recente, con filtri per stato (come si legge ora), tipo e urgenza e ricerca per negozio o collaboratore (Content-Range)',
  ),
  adminGet: admin.get('Una richiesta di collaborazione con lo stato del suo sblocco'),
});
