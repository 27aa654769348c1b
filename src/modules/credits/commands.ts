import { cachedFold, keepFolded, loadState, type CommandResult } from '../../platform/commands/handle-command.js';
import { metadataOf, systemContext, type CommandContext } from '../../platform/domain/context.js';
import { WrongExpectedVersion } from '../../platform/eventstore/errors.js';
import { perStore } from '../../platform/eventstore/per-store.js';
import type { AppendResult, EventStore, StreamAppend } from '../../platform/eventstore/types.js';
import { randomUUID } from 'node:crypto';
import { derivedId } from '../../platform/commands/ids.js';
import { claimIdempotencyKey, idempotencyClaim } from '../../platform/commands/idempotency.js';
import type { ReadDb } from '../../platform/db/read.js';
import { roleOf } from '../users/queries.js';
import { transfersUnfinished } from './queries.js';
import { DomainError } from '../../platform/domain/errors.js';
import type { Position } from '../../platform/eventstore/types.js';
import { balanceAt, creditsDecider, creditsExpireAt, creditsStreamId, type CreditsCommand, type CreditsEvent, type CreditsState } from './ledger.js';

/** Folded ledgers are kept in memory: a spend reads only what was appended since, not a year of spends. */
const ledgerCache = 'credits';

/** A user's credits as their own ledger holds them now (not a read model that may lag a spend just made). */
export async function ledgerOf(store: EventStore, userId: string): Promise<CreditsState> {
  return (await loadState(store, creditsStreamId(userId), creditsDecider, ledgerCache)).state;
}

/** A command waiting for its ledger in this process, and who waits for its outcome. */
interface Waiting {
  command: CreditsCommand;
  ctx: CommandContext;
  resolve: (result: CommandResult<CreditsEvent, CreditsState>) => void;
  reject: (error: unknown) => void;
}

/** The commands waiting for each ledger of a store in this process; a ledger is here while some are. */
const waitingIn = perStore(() => new Map<string, Waiting[]>());
/** The most commands decided together and appended in one go. */
const perAppend = 500;
/** How often a batch is decided again after another process changed the ledger. */
const attempts = 20;

/**
 * Changes a user's credits. Commands on one ledger run one after the other in this process, and
 * those that arrived while one was being stored are decided together, each on the ledger the one
 * before it left, and stored in one append: a thousand spends at once on one balance take a few
 * round trips, not a thousand, and each is decided as if alone (one refused for want of credits
 * changes nothing for the others). The ledger as this process last left it is not read again;
 * another process's change meanwhile is caught by the expected revision, then read and decided
 * again. So the balance never goes below zero and an id already used changes nothing.
 */
export function changeCredits(store: EventStore, userId: string, command: CreditsCommand, ctx: CommandContext): Promise<CommandResult<CreditsEvent, CreditsState>> {
  const streamId = creditsStreamId(userId);
  const waiting = waitingIn(store);
  return new Promise((resolve, reject) => {
    const queue = waiting.get(streamId);
    if (queue) {
      queue.push({ command, ctx, resolve, reject });
      return;
    }
    waiting.set(streamId, [{ command, ctx, resolve, reject }]);
    void drain(store, streamId);
  });
}

/** Stores the ledger's waiting commands, a batch at a time, until none is left. */
async function drain(store: EventStore, streamId: string): Promise<void> {
  const waiting = waitingIn(store);
  const queue = waiting.get(streamId)!;
  while (queue.length) {
    const batch = queue.splice(0, perAppend);
    try {
      await storeBatch(store, streamId, batch);
    } catch (error) {
      for (const w of batch) w.reject(error);
    }
  }
  waiting.delete(streamId);
}

async function storeBatch(store: EventStore, streamId: string, batch: Waiting[]): Promise<void> {
  for (let attempt = 1; attempt <= attempts; attempt++) {
    const loaded = (attempt === 1 && cachedFold<CreditsState>(store, streamId, ledgerCache)) || (await loadState(store, streamId, creditsDecider, ledgerCache));
    let state = loaded.state;
    const decided = batch.map((w) => {
      try {
        const events = creditsDecider.decide(w.command, state);
        state = events.reduce(creditsDecider.evolve, state);
        return { w, events, state, error: null };
      } catch (error) {
        return { w, events: [] as CreditsEvent[], state, error };
      }
    });
    const appended = decided.flatMap((d) => d.events.map((e) => ({ id: randomUUID(), type: e.type, data: e.data, metadata: metadataOf(d.w.ctx) })));
    let position: Position | null = null;
    if (appended.length) {
      try {
        position = (await groupAppend(store, { streamId, events: appended, expectedRevision: loaded.revision >= 0 ? loaded.revision : 'no_stream' })).position;
      } catch (error) {
        if (error instanceof WrongExpectedVersion) continue;
        throw error;
      }
      keepFolded(store, streamId, ledgerCache, loaded.revision + appended.length, state);
    }
    for (const d of decided) {
      if (d.error) {
        d.w.reject(d.error);
        continue;
      }
      for (const e of d.events) d.w.ctx.written?.add(e.type);
      d.w.resolve({ events: d.events, state: d.state, position: d.events.length ? position : null });
    }
    return;
  }
  throw new DomainError('I dati sono stati modificati da un’altra richiesta: riprova.', 'conflict');
}

/** Appends waiting for the one in flight, per store: each ledger has at most one here. */
const appending = new Map<EventStore, { next: { append: StreamAppend; resolve: (r: AppendResult) => void; reject: (e: unknown) => void }[] }>();

/**
 * Stores one ledger's events; those of other ledgers that came while an append was in flight go
 * with them in one statement (a group commit, where the store can append to several streams at
 * once): many users spending at the same moment cost a round trip and a commit per group, not
 * each. A refusal of the group (a ledger changed by another process) stores nothing; each is then
 * appended on its own, so only the changed one is refused.
 */
function groupAppend(store: EventStore, append: StreamAppend): Promise<AppendResult> {
  if (!store.appendToStreams) return store.appendToStream(append.streamId, append.events, { expectedRevision: append.expectedRevision });
  return new Promise((resolve, reject) => {
    const known = appending.get(store);
    if (known) {
      known.next.push({ append, resolve, reject });
      return;
    }
    const group = { next: [{ append, resolve, reject }] };
    appending.set(store, group);
    void flushAppends(store as EventStore & Required<Pick<EventStore, 'appendToStreams'>>, group);
  });
}

async function flushAppends(
  store: EventStore & Required<Pick<EventStore, 'appendToStreams'>>,
  group: { next: { append: StreamAppend; resolve: (r: AppendResult) => void; reject: (e: unknown) => void }[] },
): Promise<void> {
  const alone = async (p: (typeof group.next)[number]) => {
    try {
      p.resolve(await store.appendToStream(p.append.streamId, p.append.events, { expectedRevision: p.append.expectedRevision }));
    } catch (error) {
      p.reject(error);
    }
  };
  while (group.next.length) {
    // In one global order of streams, as appendToStreams asks: two groups never wait on each other.
    const taken = group.next.splice(0, perAppend).sort((a, b) => (a.append.streamId < b.append.streamId ? -1 : 1));
    if (taken.length === 1) {
      await alone(taken[0]!);
      continue;
    }
    try {
      const results = await store.appendToStreams(taken.map((p) => p.append));
      taken.forEach((p, i) => p.resolve(results[i]!));
    } catch (error) {
      if (error instanceof WrongExpectedVersion) await Promise.all(taken.map(alone));
      else for (const p of taken) p.reject(error);
    }
  }
  appending.delete(store);
}

/** Who holds credits: the shops' owners and their collaborators. */
const creditHolders = ['shopkeeper', 'collaborator'];

/**
 * The admin's correction of a user's credits, with the reason the user reads: added credits are a
 * lot of their own for 12 months; taken ones come from the lots that expire first (never more than
 * there is). With the request's Idempotency-Key, the same correction sent again is made once, and
 * another correction with that key is refused (409).
 */
export async function adjustCredits(
  { store, db }: { store: EventStore; db: ReadDb },
  input: { userId: string; credits: number; reason: string; idempotencyKey: string | null },
  ctx: CommandContext,
): Promise<Position | null> {
  const role = await roleOf(db, input.userId);
  if (!role) throw new DomainError('Utente non trovato.', 'not-found');
  if (!creditHolders.includes(role)) throw new DomainError('I crediti AI sono dei negozianti e dei collaboratori: questo utente non può averne.', 'rule');
  // The key means this correction (how many, why) of this user's credits: another one with it is refused.
  if (input.idempotencyKey) {
    await claimIdempotencyKey(store, idempotencyClaim('credits-adjustment', input.userId, input.idempotencyKey, { credits: input.credits, reason: input.reason }), ctx);
  }
  const id = input.idempotencyKey ? derivedId('credits-adjustment', input.userId, input.idempotencyKey) : randomUUID();
  const command: CreditsCommand =
    input.credits > 0
      ? { type: 'AddCredits', lotId: id, credits: input.credits, expiresAt: creditsExpireAt(ctx.now), source: { kind: 'adjustment', reason: input.reason } }
      : { type: 'RemoveCredits', adjustmentId: id, credits: -input.credits, reason: input.reason, now: ctx.now };
  try {
    return (await changeCredits(store, input.userId, command, ctx)).position;
  } catch (err) {
    // The ledger's refusal speaks to the owner (buy more); the admin reads what the user has.
    if (err instanceof DomainError && err.kind === 'rule' && command.type === 'RemoveCredits') {
      const has = balanceAt(await ledgerOf(store, input.userId), ctx.now);
      throw new DomainError(`L’utente ha ${has === 1 ? '1 credito' : `${has} crediti`}: non se ne possono togliere ${command.credits}.`, 'rule');
    }
    throw err;
  }
}

/** A transfer of credits for a piece of work: by whom, to whom, what for. */
export interface Transfer {
  transferId: string;
  fromUserId: string;
  toUserId: string;
}

/**
 * Entrusts `credits` of a shop's owner to a collaborator for a piece of work (an assignment or a
 * session of issue [13]): out of the owner's lots (those expiring first, never more than there
 * is), into the collaborator's ledger with the same expiries. Two ledgers, one after the other,
 * each step by the transfer's id: run again (a retry, the upkeep after a crash between them), it
 * finishes what is missing and adds nothing.
 */
export async function transferCredits(
  store: EventStore,
  input: Transfer & { credits: number; assignmentId: string | null; reason: string },
  ctx: CommandContext,
): Promise<{ position: Position | null; credits: number }> {
  const { transferId, fromUserId, toUserId, assignmentId, reason } = input;
  if (fromUserId === toUserId) throw new DomainError('I crediti si affidano a un altro utente.', 'invalid');
  const sent = await changeCredits(store, fromUserId, { type: 'SendCredits', transferId, credits: input.credits, toUserId, assignmentId, reason, now: ctx.now }, ctx);
  const lots = sent.state.sent.get(transferId)!.lots;
  const received = await changeCredits(store, toUserId, { type: 'ReceiveCredits', transferId, fromUserId, assignmentId, reason, lots }, ctx);
  // What the transfer sent, by this run or one before it (a transfer is sent once, by its id).
  return { position: received.position ?? sent.position, credits: lots.reduce((n, l) => n + l.credits, 0) };
}

/**
 * The work is over: what the collaborator did not use of a transfer goes back to the owner's lots
 * it came from (they may have expired meanwhile: then it is gone, as it would have been there).
 * Each step by the transfer's id, so it is done once however often it runs.
 */
export async function endTransfer(store: EventStore, input: Transfer & { reason: string }, ctx: CommandContext): Promise<Position | null> {
  const { transferId, fromUserId, toUserId, reason } = input;
  const given = await changeCredits(store, toUserId, { type: 'GiveBackTransfer', transferId, reason }, ctx);
  // Given back now or before (a run stopped halfway): the receiver's ledger says how much.
  const back = given.state.received.get(transferId)?.givenBack;
  if (!back) return given.position;
  const taken = await changeCredits(store, fromUserId, { type: 'TakeBackTransfer', transferId, credits: back.credits, lots: back.lots, reason: back.reason }, ctx);
  return taken.position ?? given.position;
}

/**
 * Transfers stopped halfway by a crash between the two ledgers (sent but not received, given back
 * but not taken back) for longer than `graceMs`: finished. The upkeep runs it.
 */
export async function finishTransfers({ store, db }: { store: EventStore; db: ReadDb }, now: Date, graceMs = 60_000): Promise<number> {
  const rows = await transfersUnfinished(db, new Date(now.getTime() - graceMs));
  const ctx = systemContext(now);
  for (const row of rows) {
    const transfer = { transferId: row.id, fromUserId: row.from_user_id, toUserId: row.to_user_id };
    if (row.status === 'returning') {
      await endTransfer(store, { ...transfer, reason: '' }, ctx);
      continue;
    }
    const sent = (await ledgerOf(store, row.from_user_id)).sent.get(row.id);
    if (!sent) continue;
    await changeCredits(
      store,
      row.to_user_id,
      { type: 'ReceiveCredits', transferId: row.id, fromUserId: row.from_user_id, assignmentId: sent.assignmentId, reason: sent.reason, lots: sent.lots },
      ctx,
    );
  }
  return rows.length;
}
