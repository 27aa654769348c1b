/** The event store port: what the application needs from EventStoreDB or our PostgreSQL store. */

/** Opaque to callers: compare with `comparePositions`, never parse. */
export type Position = string & { readonly __position: unique symbol };

export type ExpectedRevision = 'any' | 'no_stream' | 'stream_exists' | number;

/** Who did it and why: carried by every event, shown in the admin's history. */
export interface EventMetadata {
  actorUserId: string | null;
  actorRole: string | null;
  correlationId: string;
  causationId: string | null;
  /** ISO-8601 time at which the command was decided. */
  at: string;
  /**
   * A collaborator acting for a shop in a collaboration session (issue [13]): the shop and the
   * session the event was done for. Absent when the actor acted for themselves.
   */
  onBehalfOf?: OnBehalfOf;
}

/** The shop a collaborator acted for, and the session that allowed it. */
export interface OnBehalfOf {
  storeId: string;
  sessionId: string;
}

export interface NewEvent<T extends string = string, D = unknown> {
  /** Uuid; the same id appended twice to the same stream is stored once. */
  id: string;
  type: T;
  data: D;
  metadata: EventMetadata;
}

export interface RecordedEvent<T extends string = string, D = unknown> {
  id: string;
  streamId: string;
  /** 0-based position of the event in its stream. */
  revision: number;
  position: Position;
  type: T;
  data: D;
  metadata: EventMetadata;
}

export interface AppendResult {
  /** Revision of the last event now in the stream: the expected revision of the next append. */
  nextExpectedRevision: number;
  /** Global position of the last appended event. */
  position: Position;
  /**
   * True when these event ids were already in the stream, so nothing new was stored and the answer
   * is the first append's; false when they were stored now; undefined when the store cannot tell.
   */
  alreadyStored?: boolean;
}

/** One stream's part of an append to several streams. */
export interface StreamAppend {
  streamId: string;
  events: NewEvent[];
  expectedRevision?: ExpectedRevision;
}

export interface ReadStreamOptions {
  direction?: 'forwards' | 'backwards';
  /** Inclusive; defaults to the start (forwards) or the end (backwards). */
  fromRevision?: number;
  maxCount?: number;
}

export interface ReadAllOptions {
  /** Exclusive: events after this position. Defaults to the start of the log. */
  from?: Position;
  /** Inclusive: no event after this position. Defaults to the head. */
  until?: Position;
  /**
   * Only events of these types (the others are skipped, not counted in maxCount). A page shorter
   * than maxCount then means every event up to `until` was read, not only the ones returned.
   */
  types?: readonly string[];
  maxCount?: number;
}

export interface SubscribeOptions {
  /** Exclusive: the subscription delivers events after this position. */
  from?: Position;
  /** The most events handed to the handler at once. */
  batchSize?: number;
  /**
   * The types whose data the handler reads (a read model's): the others may be handed as stored,
   * their personal values still sealed (platform/eventstore/personal-data.ts), for it passes them by.
   */
  types?: ReadonlySet<string>;
}

export interface Subscription {
  /** Stops after the batch in hand; resolves when the subscription has ended. */
  stop(): Promise<void>;
  /** Settles when the subscription ends: rejects with the handler's or the store's error. */
  readonly done: Promise<void>;
}

export interface EventStore {
  readonly kind: 'postgres' | 'esdb';
  appendToStream(streamId: string, events: NewEvent[], options?: { expectedRevision?: ExpectedRevision }): Promise<AppendResult>;
  /**
   * Appends to several streams at once, all or none (one transaction), each with its expected
   * revision; one answer per stream, in the order given. A refusal stores nothing. Only stores that
   * can: EventStoreDB appends to one stream at a time, and leaves this out.
   */
  appendToStreams?(appends: StreamAppend[]): Promise<AppendResult[]>;
  /** Events of one stream; an unknown or deleted stream reads as empty. */
  readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  /**
   * Several streams at once, forwards, each from its revision (inclusive; 0 when not given): one
   * answer per read, in the order asked. Where the store can, one round trip and one snapshot.
   */
  readStreams(reads: { streamId: string; fromRevision?: number }[]): Promise<RecordedEvent[][]>;
  /** Events of every stream in commit order, never skipping one committed late. */
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;
  /** The latest events of the log, newest first, leaving out those of the types named. */
  readLatest(options: { maxCount: number; exceptTypes?: string[] }): Promise<RecordedEvent[]>;
  /** Catches up from `from`, then delivers new events as they commit; batches are awaited in order. */
  subscribeToAll(handler: (events: RecordedEvent[]) => Promise<void>, options?: SubscribeOptions): Subscription;
  /** Soft delete: the stream reads as empty; a later append starts it again after its last revision. */
  deleteStream(streamId: string, options?: { expectedRevision?: ExpectedRevision }): Promise<void>;
  /** Position of the last event of the log (the start when it is empty). */
  headPosition(): Promise<Position>;
  /** How many events lie after `position` (capped at `cap`). */
  countAfter(position: Position, cap?: number): Promise<number>;
  /**
   * The events committed together with the one at `position` (it among them), in log order: their
   * types and positions. Only stores whose appends to several streams are one commit.
   */
  commitOf?(position: Position): Promise<{ type: string; position: Position }[]>;
  close(): Promise<void>;
}
