import { z } from 'zod';
import { api, get, isoTime, post } from './contract.js';

/*
 * The platform's own calls (not any module's): whether it is up, and the upload of files. The
 * documentation's pages (/api/docs…) describe the calls and are none of them.
 */

/** The event a read model stopped at (projections/failures.ts FailedEvent). */
export const failedEvent = z.object({
  id: z.string(),
  type: z.string(),
  streamId: z.string(),
  revision: z.number(),
  position: z.string(),
  /** When the event was decided. */
  at: isoTime,
});

/** Where one read model stands (projections/host.ts ProjectionStatus), for the admin. */
export const projectionStatus = z.object({
  name: z.string(),
  /** Its Italian name. */
  title: z.string(),
  version: z.number(),
  position: z.string().nullable(),
  /** Events of the log not yet applied. */
  lag: z.number(),
  activeHere: z.boolean(),
  lastError: z.string().nullable(),
  lastErrorAt: isoTime.nullable(),
  failedEvent: failedEvent.nullable(),
  rebuildError: z.string().nullable(),
  rebuildErrorAt: isoTime.nullable(),
  rebuildFailedEvent: failedEvent.nullable(),
  updatedAt: isoTime.nullable(),
  status: z.enum(['idle', 'running', 'rebuilding', 'failed']),
  /** Share of the rebuild done, 0 to 1; null when not rebuilding. */
  progress: z.number().nullable(),
});

/**
 * `ok`, `degraded` (a read model stopped at an event it cannot apply) or `down` (answered with
 * 503); an admin also reads the database, the event store and every read model.
 */
export const health = z.object({
  status: z.enum(['ok', 'degraded', 'down']),
  database: z.object({ ok: z.boolean(), latencyMs: z.number().optional(), error: z.string().optional() }).optional(),
  eventStore: z.object({ ok: z.boolean(), adapter: z.string(), head: z.string().optional(), error: z.string().optional() }).optional(),
  projections: z.array(projectionStatus).optional(),
  /** The background workers (upkeep jobs, outbox senders…): each runs in one process at a time, `activeHere` in this one. */
  workers: z.array(z.object({ name: z.string(), activeHere: z.boolean() })).optional(),
});
export type Health = z.infer<typeof health>;

export const platformApi = api('piattaforma', {
  health: get(
    '/api/health',
    'Se la piattaforma è attiva (per tutti); all’amministratore anche database, event store, ogni proiezione e quali lavori in background girano in questo processo',
    { 200: health },
  ),
  upload: post('/api/uploads', 'Carica un file (multipart/form-data, campo "file"): immagine JPEG, PNG o WebP, o PDF, fino a 5 MB', {
    201: z.object({ url: z.string().describe('/uploads/<nome>, l’indirizzo del file') }),
  }),
});
