import pg from 'pg';
import type { Position, RecordedEvent } from '../eventstore/types.js';
import type { Projection } from './projection.js';

/** The event a read model stopped at, as the admin sees it (data-management page, health). */
export interface FailedEvent {
  id: string;
  type: string;
  streamId: string;
  revision: number;
  position: Position;
  /** When the event was decided. */
  at: string;
}

const failedEventOf = (event: RecordedEvent): FailedEvent => ({
  id: event.id,
  type: event.type,
  streamId: event.streamId,
  revision: event.revision,
  position: event.position,
  at: event.metadata.at,
});

/**
 * A read model cannot apply this event: it fails on it alone, whatever came before it in the batch.
 * It carries where the event is, not what it says, nor the row the database refused: a log line
 * must not show an event's data (a password hash) or a row's.
 */
export class PoisonEvent extends Error {
  readonly event: FailedEvent;

  constructor(event: RecordedEvent, reason: unknown) {
    super(reason instanceof Error ? reason.message : String(reason));
    this.event = failedEventOf(event);
  }
}

/**
 * Failures that say nothing of the events: the connection, the server's resources, a conflict
 * with another transaction (SQLSTATE classes 08, 40, 53, 55, 57, 58) or the client's own socket.
 * Such a batch is tried again as it is; any other failure is looked for event by event.
 */
export function isTransient(error: unknown): boolean {
  if (error instanceof pg.DatabaseError) return /^(08|40|53|55|57|58)/.test(error.code ?? '');
  if (!(error instanceof Error)) return false;
  // pg's own errors for a connection that went (no SQLSTATE), and Node's socket errors.
  return /connection|terminated|ECONNRESET|ECONNREFUSED|EPIPE|ETIMEDOUT|not queryable/i.test(error.message) || 'errno' in error;
}

/**
 * Applies `events` one at a time, each under a savepoint, inside the caller's open transaction,
 * after the batch as a whole failed: the events before the first that fails stay applied; the
 * answer is that event, or null when each applied alone (the failure belonged to the batch). A
 * transient failure is thrown as it is: it blames no event.
 */
export async function applyOneByOne(projection: Projection, events: RecordedEvent[], tx: pg.ClientBase): Promise<{ applied: number; poison: PoisonEvent | null }> {
  for (const [i, event] of events.entries()) {
    await tx.query('SAVEPOINT one_event');
    try {
      await projection.apply([event], tx);
      await tx.query('RELEASE SAVEPOINT one_event');
    } catch (error) {
      if (isTransient(error)) throw error;
      await tx.query('ROLLBACK TO SAVEPOINT one_event');
      return { applied: i, poison: new PoisonEvent(event, error) };
    }
  }
  return { applied: events.length, poison: null };
}

/**
 * An error as a log line may show it: what failed and where in the code, without the database's
 * detail (a refused row, with whatever it holds: a password hash, an address).
 */
export function loggable(error: unknown): { type: string; message: string; code?: string; stack?: string; event?: FailedEvent } {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error) };
  return {
    type: error.constructor.name,
    message: error.message,
    ...(error instanceof pg.DatabaseError && error.code ? { code: error.code } : {}),
    ...(error instanceof PoisonEvent ? { event: error.event } : {}),
    stack: error.stack,
  };
}
