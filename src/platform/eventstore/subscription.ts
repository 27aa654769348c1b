import type { Position, RecordedEvent, Subscription } from './types.js';

interface Loop {
  from: Position;
  read: (from: Position) => Promise<RecordedEvent[]>;
  handler: (events: RecordedEvent[]) => Promise<void>;
  /** Resolves when more events may have arrived (or when `signal` aborts). */
  waitForMore: (signal: AbortSignal) => Promise<void>;
}

/** A catch-up-then-live subscription built on reading the log from a position. */
export function runSubscription({ from, read, handler, waitForMore }: Loop): Subscription {
  const abort = new AbortController();
  const done = (async () => {
    let position = from;
    while (!abort.signal.aborted) {
      const events = await read(position);
      if (abort.signal.aborted) break;
      if (events.length === 0) {
        await waitForMore(abort.signal);
        continue;
      }
      await handler(events);
      position = events[events.length - 1]!.position;
    }
  })();
  // The caller reads `done`; this keeps an unobserved failure from crashing the process.
  done.catch(() => {});
  return {
    done,
    async stop() {
      abort.abort();
      await done.catch(() => {});
    },
  };
}
