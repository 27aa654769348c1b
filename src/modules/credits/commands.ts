import { cachedFold, handleCommand, loadState, type CommandResult } from '../../platform/commands/handle-command.js';
import { systemContext, type CommandContext } from '../../platform/domain/context.js';
import type { EventStore } from '../../platform/eventstore/types.js';
import { randomUUID } from 'node:crypto';
import { derivedId } from '../../platform/commands/ids.js';
import type { Pool } from '../../platform/db/pool.js';
import { DomainError } from '../../platform/domain/errors.js';
import type { Position } from '../../platform/eventstore/types.js';
import { balanceAt, creditsDecider, creditsExpireAt, creditsStreamId, type CreditsCommand, type CreditsEvent, type CreditsState } from './ledger.js';

/** Folded ledgers are kept in memory: a spend reads only what was appended since, not a year of spends. */
const ledgerCache = 'credits';

/** A user's credits as their own ledger holds them now (not a read model that may lag a spend just made). */
export async function ledgerOf(store: EventStore, userId: string): Promise<CreditsState> {
  return (await loadState(store, creditsStreamId(userId), creditsDecider, ledgerCache)).state;
}

/** The commands waiting for one ledger in this process, the last one's promise (settled or not). */
const queues = new Map<string, Promise<unknown>>();

/**
 * Changes a user's credits. Commands on one ledger run one after the other in this process: a
 * thousand spends at once on one balance then each decide on the balance the previous one left,
 * instead of all reading the same revision and all but one retrying. Another process changing the
 * same ledger meanwhile is still caught by the expected revision (handleCommand reads again and
 * decides again), so the balance never goes below zero and an id already used changes nothing.
 */
export function changeCredits(store: EventStore, userId: string, command: CreditsCommand, ctx: CommandContext): Promise<CommandResult<CreditsEvent, CreditsState>> {
  const streamId = creditsStreamId(userId);
  // Decided on the ledger as this process last left it, without reading it again: another process's change since is caught by the expected revision, then read.
  const run = (queues.get(streamId) ?? Promise.resolve()).then(() =>
    handleCommand(store, streamId, creditsDecider, command, ctx, { cacheAs: ledgerCache, attempts: 20, loaded: cachedFold<CreditsState>(streamId, ledgerCache) }),
  );
  const settled = run.catch(() => undefined);
  queues.set(streamId, settled);
  void settled.then(() => {
    if (queues.get(streamId) === settled) queues.delete(streamId);
  });
  return run;
}

/** Who holds credits: the shops' owners and their collaborators. */
const creditHolders = ['shopkeeper', 'collaborator'];

/**
 * The admin's correction of a user's credits, with the reason the user reads: added credits are a
 * lot of their own for 12 months; taken ones come from the lots that expire first (never more than
 * there is). With the request's Idempotency-Key, the same correction sent again is made once.
 */
export async function adjustCredits(
  { store, pool }: { store: EventStore; pool: Pool },
  input: { userId: string; credits: number; reason: string; idempotencyKey: string | null },
  ctx: CommandContext,
): Promise<Position | null> {
  const { rows } = await pool.query<{ role: string }>('SELECT role FROM users WHERE id = $1', [input.userId]);
  if (!rows[0]) throw new DomainError('Utente non trovato.', 'not-found');
  if (!creditHolders.includes(rows[0].role)) throw new DomainError('I crediti AI sono dei negozianti e dei collaboratori: questo utente non può averne.', 'rule');
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
): Promise<Position | null> {
  const { transferId, fromUserId, toUserId, assignmentId, reason } = input;
  if (fromUserId === toUserId) throw new DomainError('I crediti si affidano a un altro utente.', 'invalid');
  const sent = await changeCredits(store, fromUserId, { type: 'SendCredits', transferId, credits: input.credits, toUserId, assignmentId, reason, now: ctx.now }, ctx);
  const lots = sent.state.sent.get(transferId)!.lots;
  const received = await changeCredits(store, toUserId, { type: 'ReceiveCredits', transferId, fromUserId, assignmentId, reason, lots }, ctx);
  return received.position ?? sent.position;
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
export async function finishTransfers({ store, pool }: { store: EventStore; pool: Pool }, now: Date, graceMs = 60_000): Promise<number> {
  const { rows } = await pool.query<{ id: string; from_user_id: string; to_user_id: string; status: string }>(
    `SELECT id, from_user_id, to_user_id, status FROM ai_credit_transfers WHERE status IN ('sent', 'returning') AND updated_at < $1 ORDER BY updated_at LIMIT 200`,
    [new Date(now.getTime() - graceMs)],
  );
  const ctx = systemContext(now);
  for (const row of rows) {
    const transfer = { transferId: row.id, fromUserId: row.from_user_id, toUserId: row.to_user_id };
    if (row.status === 'returning') {
      await endTransfer(store, { ...transfer, reason: '' }, ctx);
      continue;
    }
    const sent = (await ledgerOf(store, row.from_user_id)).sent.get(row.id);
    if (!sent) continue;
    await changeCredits(store, row.to_user_id, { type: 'ReceiveCredits', transferId: row.id, fromUserId: row.from_user_id, assignmentId: sent.assignmentId, reason: sent.reason, lots: sent.lots }, ctx);
  }
  return rows.length;
}
