import { createHmac } from 'node:crypto';
import type { CommandContext } from '../domain/context.js';
import type { Decider, DomainEvent } from '../domain/decider.js';
import { DomainError } from '../domain/errors.js';
import type { EventStore } from '../eventstore/types.js';
import { handleCommand, type StreamCommand } from './handle-command.js';
import { derivedId } from './ids.js';

/*
 * An Idempotency-Key means one request (issue [16]). The operations it keys derive their ids from
 * it, so the same request sent again is done once and answered the same; the same key with another
 * request would be answered the first one's result, a lie. So a key is claimed, per scope (the
 * operation) and subject (the user its ids are derived for), in a stream of its own,
 * `idempotency-<id>`, with the hash of what the request asks, appended with expected revision
 * `no_stream`: of two racing claims one is stored, the other reads it. The same hash again goes on
 * (the operation answers its first result); another hash is a 409 naming the key, as Stripe does.
 *
 * What is hashed is the request's meaning: the command's input that decides the outcome (the
 * route's params and body), never where the provider sends the payer back (a return URL). Its JSON
 * is canonical (object keys sorted, arrays in their order, undefined left out), and the hash is an
 * HMAC keyed by the scope, subject and key. The key itself is stored nowhere (the stream's id is a
 * UUID derived from it), so the hash cannot be tried against guesses of the personal data it may
 * cover (a checkout's name and phone): the event carries the scope and the hash alone.
 *
 * Where a claim is made: an operation that appends to several streams at once lets it ride in its
 * own append (the checkout: refused, it stores nothing and the key stays free); the others claim
 * just before their first write (`claimIdempotencyKey`), after the checks that only read, so a
 * request refused by those leaves its key free too (one refused later, by a provider or the
 * credits' ledger, keeps the key for the same request, as Stripe keeps a key's result). On
 * EventStoreDB, which appends one stream at a time, a claim is always its own append.
 */

/** A request's claim of its key: in which stream, what the request's hash is, and the key (for the message, never stored). */
export interface IdempotencyClaim {
  streamId: string;
  key: string;
  requestHash: string;
  scope: string;
}

type ClaimCommand = { type: 'ClaimIdempotencyKey'; scope: string; key: string; requestHash: string };
type ClaimEvent = DomainEvent<'IdempotencyKeyClaimed', { scope: string; requestHash: string }>;
export interface IdempotencyState {
  /** The hash of the request that claimed the key; null while it is free. */
  requestHash: string | null;
}

/** The request's JSON with its object keys sorted at every depth: the same meaning, the same text. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map((item) => (item === undefined ? 'null' : canonicalJson(item))).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined && typeof v !== 'function')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/** The hash of a request's meaning under its key: an HMAC-SHA256 keyed by scope, subject and key. */
export function requestHash(scope: string, subject: string, key: string, meaning: unknown): string {
  return createHmac('sha256', `${scope}\u0000${subject}\u0000${key}`).update(canonicalJson(meaning)).digest('hex');
}

/** The claim of `key` in `scope` for `subject` by the request that asks `meaning`. */
export function idempotencyClaim(scope: string, subject: string, key: string, meaning: unknown): IdempotencyClaim {
  return {
    streamId: `idempotency-${derivedId('idempotency', scope, subject, key)}`,
    key,
    scope,
    requestHash: requestHash(scope, subject, key, meaning),
  };
}

export const keyReusedMessage = (key: string): string => `La chiave Idempotency-Key «${key}» è già stata usata per una richiesta diversa: usane una nuova.`;

/** A key's stream: claimed once; the same request again decides nothing, another one is refused (409). */
export const idempotencyDecider: Decider<ClaimCommand, ClaimEvent, IdempotencyState> = {
  initialState: { requestHash: null },
  decide(command, state) {
    if (state.requestHash === null) return [{ type: 'IdempotencyKeyClaimed', data: { scope: command.scope, requestHash: command.requestHash } }];
    if (state.requestHash === command.requestHash) return [];
    throw new DomainError(keyReusedMessage(command.key), 'conflict');
  },
  evolve(state, event) {
    return event.type === 'IdempotencyKeyClaimed' && state.requestHash === null ? { requestHash: event.data.requestHash } : state;
  },
};

const claimCommand = ({ scope, key, requestHash }: IdempotencyClaim): ClaimCommand => ({ type: 'ClaimIdempotencyKey', scope, key, requestHash });

/** Refuses (409) at once when the key's stream, as just read, holds another request. */
export function checkClaim(claim: IdempotencyClaim, state: IdempotencyState): void {
  idempotencyDecider.decide(claimCommand(claim), state);
}

/**
 * The claim as one command of an append to several streams (`handleCommandsAtOnce`), on the key's
 * stream as the caller read it: nothing to append when the same request claimed it already; a
 * twin that claimed it meanwhile makes the append refused (WrongExpectedVersion), and the caller
 * reads again and decides again.
 */
export function claimCommandOf(claim: IdempotencyClaim, loaded: { state: IdempotencyState; revision: number }): StreamCommand<IdempotencyState> {
  return { streamId: claim.streamId, decider: idempotencyDecider, command: claimCommand(claim), loaded };
}

/**
 * Claims the key for this request before the operation's first write: appended at once as a new
 * stream (one round trip), or decided on the stream as the caller just read it (`loaded`); if it
 * is there already (a retry, or a twin at the same moment), read and compared. Goes on for the
 * same request; a DomainError 'conflict' naming the key otherwise.
 */
export async function claimIdempotencyKey(
  store: EventStore,
  claim: IdempotencyClaim,
  ctx: CommandContext,
  loaded: { state: IdempotencyState; revision: number } = { state: idempotencyDecider.initialState, revision: -1 },
): Promise<void> {
  await handleCommand(store, claim.streamId, idempotencyDecider, claimCommand(claim), ctx, { loaded });
}

/** The Italian names of the events the platform writes for Idempotency-Keys. */
export const idempotencyEvents: Record<string, string> = {
  IdempotencyKeyClaimed: 'Chiave Idempotency-Key registrata',
};
