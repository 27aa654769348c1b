import { handleCommand } from '../../platform/commands/handle-command.js';
import type { CommandContext } from '../../platform/domain/context.js';
import { DomainError } from '../../platform/domain/errors.js';
import { correctionStreamOf, patchProblems, type EventCorrection } from '../../platform/eventstore/corrections.js';
import { isSecretKey } from '../../platform/eventstore/export.js';
import type { EventStore, Position } from '../../platform/eventstore/types.js';
import type { ProjectionHost } from '../../platform/projections/host.js';
import { correctionDecider } from './correction.js';

const unknownProjection = (name: string) => new DomainError(`Proiezione sconosciuta: «${name}».`, 'not-found');

/**
 * Empties a read model and resets its checkpoint: the runner holding the projection's lock, in
 * this process or another, rebuilds it in the background while the live tables keep answering.
 */
export async function rebuildProjection({ projections }: { projections: ProjectionHost }, name: string): Promise<void> {
  if (!projections.projections.some((p) => p.name === name)) throw unknownProjection(name);
  await projections.rebuild(name);
}

/** What the admin sends to correct the event a read model stopped at. */
export interface CorrectionRequest {
  /** The event the admin saw the read model stopped at: it must still be the one. */
  eventId: string;
  /** The fields to replace, in the event's own shape. */
  data: Record<string, unknown>;
  reason: string;
}

/**
 * Corrects the event read model `name` is stopped at (or its rebuild is), issue [16]: an
 * `EventCorrected` in the event's own correction stream, carrying the fields that supersede the
 * event's for every read model; the event itself stays as it was. The patch must keep the
 * event's shape (only fields it has, each of the same JSON type, no secret). Then every process
 * acts on it (ProjectionHost.corrected): the stopped read model tries the event again, with the
 * correction, and the read models that had applied it as it was are rebuilt. Answers the
 * correction's position and the event's.
 */
export async function correctStoppedEvent(
  { projections, store }: { projections: ProjectionHost; store: EventStore },
  name: string,
  request: CorrectionRequest,
  ctx: CommandContext,
): Promise<{ at: Position; event: Position; rebuilt: string[] }> {
  if (!projections.projections.some((p) => p.name === name)) throw unknownProjection(name);
  const status = (await projections.status()).find((s) => s.name === name)!;
  const stopped = [status.failedEvent, status.rebuildFailedEvent].filter((e) => e !== null);
  if (stopped.length === 0) throw new DomainError(`La proiezione «${name}» non è ferma a un evento: non c’è niente da correggere.`, 'conflict');
  const failed = stopped.find((e) => e.id === request.eventId);
  if (!failed) throw new DomainError('La proiezione è ora ferma a un altro evento: ricarica la pagina e controlla di nuovo.', 'conflict');
  // The event as the read models read it now: with the corrections written before, if any.
  const [event] = await projections.correctedStore.readStream(failed.streamId, { fromRevision: failed.revision, maxCount: 1 });
  if (!event || event.id !== failed.id) throw new DomainError('Evento non trovato nel registro.', 'not-found');
  const data = event.data as Record<string, unknown>;
  if (Object.keys(request.data).length === 0) {
    throw new DomainError('Indica almeno un campo da correggere.', 'invalid', { data: 'Indica almeno un campo da correggere.' });
  }
  const problems = patchProblems(data, request.data, isSecretKey);
  if (Object.keys(problems).length) {
    throw new DomainError(Object.values(problems)[0]!, 'invalid', Object.fromEntries(Object.entries(problems).map(([path, message]) => [`data.${path}`, message])));
  }
  const correction: EventCorrection = {
    eventId: event.id,
    eventType: event.type,
    streamId: event.streamId,
    revision: event.revision,
    position: event.position,
    data: request.data,
    reason: request.reason,
  };
  const { position } = await handleCommand(store, correctionStreamOf(event.id), correctionDecider, { type: 'CorrectEvent', correction }, ctx);
  projections.retrying(name, status.lastErrorAt);
  const { rebuilt } = await projections.corrected(position!, { announce: true });
  return { at: position!, event: event.position, rebuilt };
}
