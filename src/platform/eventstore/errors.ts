import type { ExpectedRevision } from './types.js';

export class WrongExpectedVersion extends Error {
  override readonly name = 'WrongExpectedVersion';
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    /** Revision of the stream's last event; -1 when the stream does not exist. */
    readonly actual: number,
  ) {
    super(`Stream ${streamId}: expected revision ${String(expected)}, actual ${actual}`);
  }
}

export class StreamDeleted extends Error {
  override readonly name = 'StreamDeleted';
  constructor(readonly streamId: string) {
    super(`Stream ${streamId} is deleted`);
  }
}
