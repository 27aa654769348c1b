import { z } from 'zod';
import { listQuerystring } from '../../platform/http/admin-rest-contract.js';
import { api, get, post } from '../../platform/http/contract.js';
import { isPosition, positionParts } from '../../platform/eventstore/position.js';
import { failedEvent, projectionStatus } from '../../platform/http/platform-contract.js';
import { requiredText } from '../../platform/http/schemas.js';
import { eventActor, historyEvent } from '../history/contract.js';

export const projectionStatuses = ['idle', 'running', 'rebuilding', 'failed'] as const;

/** An admin's correction of an event (issue [16]): who, when, why, and the fields it replaced. */
export const eventCorrectionRecord = z.object({
  /** Where the correction sits in the log. */
  position: z.string(),
  time: z.string(),
  actor: eventActor,
  reason: z.string(),
  /** The fields replaced, secrets masked. */
  data: z.record(z.string(), z.unknown()),
});
export type EventCorrectionRecord = z.infer<typeof eventCorrectionRecord>;

/**
 * The event a read model stopped at, named and told in Italian for the admin: its data as the
 * read models read it (with the corrections written so far; secrets masked) and those corrections.
 */
export const namedFailedEvent = failedEvent.extend({
  italianName: z.string(),
  summary: z.string().nullable(),
  data: z.record(z.string(), z.unknown()).nullable(),
  corrections: z.array(eventCorrectionRecord),
});
export type NamedFailedEvent = z.infer<typeof namedFailedEvent>;

/** One read model as the data-management page shows it (docs/api-admin.md). */
export const projectionRecord = projectionStatus.omit({ activeHere: true }).extend({
  id: z.string(),
  failedEvent: namedFailedEvent.nullable(),
  rebuildFailedEvent: namedFailedEvent.nullable(),
});
export type ProjectionRecord = z.infer<typeof projectionRecord>;

const { position, type, italianName, time, actor } = historyEvent.shape;
/** One event of the recent activity (the dashboard): named as in a record's history, with its stream and what it did, told in Italian. */
export const recentEvent = z.object({ position, type, italianName, time, actor, streamId: z.string(), summary: z.string() });
export type RecentEvent = z.infer<typeof recentEvent>;

const nameParams = z.object({ name: z.string().max(100) });

/** The admin's correction of the event a read model stopped at: the fields to replace and why. */
export const correctionBody = z.object({
  eventId: requiredText('Evento', { max: 100 }),
  data: z.record(z.string(), z.unknown(), { error: 'Correzione: i campi da correggere, come oggetto JSON.' }),
  reason: requiredText('Motivo', { min: 5, max: 500 }),
});
export type CorrectionBody = z.infer<typeof correctionBody>;

/** After a correction: the read model as it stands, and the read models rebuilt to apply the corrected event too. */
export const correctionAnswer = z.object({ projection: projectionRecord, rebuilt: z.array(z.string()) });

/** Both adapters keep each half of a position in 64 bits (PostgreSQL's global_position is a bigint). */
const largestPart = 2n ** 63n - 1n;

export const exportQuery = z.object({
  from: z
    .string({ error: 'Posizione: scrivila una volta sola, per esempio 0/0 o 1234/5678.' })
    .max(50, 'Posizione non valida: scrivi per esempio 0/0 o 1234/5678.')
    .refine((text) => isPosition(text) && positionParts(text).every((part) => part <= largestPart), 'Posizione non valida: scrivi per esempio 0/0 o 1234/5678.')
    .optional(),
  types: z
    .string()
    .max(5000, 'Tipi di evento: al massimo 5000 caratteri.')
    .regex(/^[A-Za-z, ]*$/, 'Tipo di evento non valido.')
    .transform((t) =>
      t
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .optional(),
});

export const recentQuery = z.object({
  limit: z.coerce
    .number({ error: 'Limite: un numero da 1 a 100.' })
    .int('Limite: un numero da 1 a 100.')
    .min(1, 'Limite: un numero da 1 a 100.')
    .max(100, 'Limite: un numero da 1 a 100.')
    .default(10),
});

/** The admin's data management: the read models and their rebuild, the event log's export, the latest events. */
export const dataManagementApi = api('gestione dati', {
  projections: get(
    '/api/admin/projections',
    'Le proiezioni (i modelli di lettura): dove sono arrivate, il ritardo, l’evento a cui si sono fermate',
    { 200: z.array(projectionRecord) },
    {
      querystring: listQuerystring,
    },
  ),
  projection: get('/api/admin/projections/:name', 'Una proiezione, per nome', { 200: projectionRecord }, { params: nameParams }),
  rebuild: post(
    '/api/admin/projections/:name/rebuild',
    'Ricostruisce una proiezione dal registro degli eventi, mentre il sito continua a rispondere',
    { 202: projectionRecord },
    {
      params: nameParams,
    },
  ),
  correct: post(
    '/api/admin/projections/:name/correct',
    'Corregge l’evento a cui la proiezione si è fermata: i campi indicati sostituiscono quelli dell’evento per i modelli di lettura (l’evento resta nel registro così com’è), poi la proiezione riprova',
    { 200: correctionAnswer },
    { params: nameParams, body: correctionBody },
  ),
  // A stream of lines (application/x-ndjson), not one JSON answer.
  exportEvents: get(
    '/api/admin/events/export',
    'Esporta il registro degli eventi come NDJSON (una riga per evento, segreti mascherati), da una posizione e per tipi',
    {},
    {
      querystring: exportQuery,
    },
  ),
  recentEvents: get(
    '/api/admin/events/recent',
    'Gli ultimi eventi della piattaforma, raccontati in italiano (attività recente)',
    { 200: z.array(recentEvent) },
    { querystring: recentQuery },
  ),
});
