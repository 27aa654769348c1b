import { z } from 'zod';
import { api, get, isoTime } from '../../platform/http/contract.js';

/** Who did it: the account and its role then; null for the platform itself (a deadline, the seed). */
export const eventActor = z
  .object({
    userId: z.string(),
    username: z.string().nullable(),
    role: z.string().nullable(),
    /** A collaborator acting for a shop in a collaboration session (issue [13]): the shop, by name, and the session. */
    onBehalfOf: z.object({ storeId: z.string(), storeName: z.string().nullable(), sessionId: z.string() }).optional(),
  })
  .nullable();

export const referenceTypes = [
  'user',
  'store',
  'product',
  'global-product',
  'order',
  'category',
  'reservation',
  // The collaboration's records (issues [12]–[14]) and the money they move.
  'assignment',
  'collaboration-request',
  'package-unlock',
  'collaboration-session',
  'task',
  'complaint',
  'report',
  'review',
  'payment',
  'package',
] as const;

/** A record an id of the event names, by the name people know it by. */
export const reference = z.object({ type: z.enum(referenceTypes), name: z.string() });
export type Reference = z.infer<typeof reference>;

/** One event of a record's history: what it was, who did it, when, what it changed and the records it names, by id. */
export const historyEvent = z.object({
  revision: z.number(),
  position: z.string(),
  type: z.string(),
  italianName: z.string(),
  time: isoTime,
  actor: eventActor,
  /** The event's data, secrets masked. */
  changes: z.unknown(),
  references: z.record(z.string(), reference),
  /** The fields of `changes` (and of its corrections) holding amounts in euros: written as money, whatever their names. */
  amounts: z.array(z.string()),
  /**
   * An admin's corrections of this event (issue [16]), oldest first: the fields that supersede the
   * event's for the read models (the event itself stays as it was), who wrote them, when and why.
   */
  corrections: z.array(z.object({ position: z.string(), time: isoTime, actor: eventActor, reason: z.string(), changes: z.unknown() })).optional(),
});
export type HistoryEvent = z.infer<typeof historyEvent>;

const { revision, type, italianName, time, references, amounts } = historyEvent.shape;
/** A record as it stood right after one of its events (named as the event is). */
export const historyState = z.object({
  revision,
  type,
  italianName,
  time,
  /** The record's state, secrets masked. */
  state: z.unknown(),
  references,
  amounts,
});
export type HistoryState = z.infer<typeof historyState>;

/**
 * The URL's parameters for the aggregate types the admin may audit (the modules' manifests):
 * a settings record is one for the whole platform, addressed as "current"; any other by its uuid.
 */
export function historyParams(audited: Readonly<Record<string, { singleton?: boolean }>>) {
  const types = Object.keys(audited) as [string, ...string[]];
  return z
    .object({
      type: z.enum(types, { error: `Tipo non valido: uno tra ${types.join(', ')}.` }),
      id: z.string().max(100),
    })
    .refine(({ type, id }) => (audited[type]?.singleton ? id === 'current' : z.uuid().safeParse(id).success), {
      message: 'Identificativo non valido.',
      path: ['id'],
    });
}

export const revisionParam = z.object({
  revision: z.coerce.number({ error: 'Revisione non valida.' }).int('Revisione non valida.').min(0, 'Revisione non valida.').max(10_000_000, 'Revisione non valida.'),
});

/** As the web calls them; the server checks the type against the audited aggregates it knows (historyParams). */
const anyRecord = z.object({ type: z.string(), id: z.string().max(100) });

/** The admin's audit (design §1 "Audit"), docs/api-admin.md. */
export const historyApi = api('cronologia', {
  events: get(
    '/api/admin/history/:type/:id',
    'La cronologia di un elemento: i suoi eventi in ordine, chi li ha fatti e cosa hanno cambiato',
    { 200: z.array(historyEvent) },
    { params: anyRecord },
  ),
  asOf: get(
    '/api/admin/history/:type/:id/as-of/:revision',
    'Com’era un elemento subito dopo uno dei suoi eventi',
    { 200: historyState },
    { params: anyRecord.extend(revisionParam.shape) },
  ),
});
