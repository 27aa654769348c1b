import { handleCommand, loadState } from '../../platform/commands/handle-command.js';
import { claimUnique } from '../../platform/commands/uniqueness.js';
import type { CommandContext } from '../../platform/domain/context.js';
import { DomainError } from '../../platform/domain/errors.js';
import type { EventStore } from '../../platform/eventstore/types.js';
import type { CommandDeps } from '../../platform/module.js';
import { accessStreamId } from './access.js';
import { codeKey, deriveCode, type CodePurpose } from './codes.js';
import { sessionDecider, sessionNotFound, sessionStreamId, type SessionCommand, type SessionState } from './session.js';

/*
 * What every command on sessions and standing accesses starts from: their dependencies, a
 * session's state as its reader may see it, and a fresh one-time code. The commands themselves,
 * one file a job: lifecycle-commands.ts (scheduling, cancelling, revoking, the upkeep),
 * code-commands.ts (activation and closure with their codes), credit-commands.ts (the credits
 * sent and settled, the assignment completed by its last session), access-commands.ts (standing
 * accesses).
 */

export interface Deps extends CommandDeps {
  /** The app's secret: codes are derived from it (codes.ts). */
  secret: Buffer;
}

export interface Reader {
  id: string;
  role: string;
}

export const codeClaim = 'session-code';
export const accessClaim = 'access-code';

export async function sessionState(store: EventStore, id: string): Promise<SessionState> {
  return (await loadState(store, sessionStreamId(id), sessionDecider)).state;
}

/** The session for its shopkeeper, its collaborator or an admin; anyone else reads it as not found. */
export async function sessionFor(store: EventStore, id: string, reader: Reader): Promise<SessionState & { fields: NonNullable<SessionState['fields']> }> {
  const state = await sessionState(store, id);
  const f = state.fields;
  if (!state.exists || !f || (reader.role !== 'admin' && reader.id !== f.shopkeeperId && reader.id !== f.collaboratorId)) throw new DomainError(sessionNotFound, 'not-found');
  return state as SessionState & { fields: NonNullable<SessionState['fields']> };
}

export const onSession = (store: EventStore, id: string, command: SessionCommand, ctx: CommandContext) => handleCommand(store, sessionStreamId(id), sessionDecider, command, ctx);

/**
 * A new code for `recordId`: the first version from `from` whose key no other record holds (a
 * clash of two random codes is rare, and then the next version is taken).
 */
export async function issueCode(
  deps: Pick<Deps, 'store' | 'secret'>,
  recordId: string,
  purpose: CodePurpose,
  from: number,
  ctx: CommandContext,
): Promise<{ key: string; version: number }> {
  const claim = purpose === 'access' ? accessClaim : codeClaim;
  const exists = async (owner: string) => (await deps.store.readStream(purpose === 'access' ? accessStreamId(owner) : sessionStreamId(owner), { maxCount: 1 })).length > 0;
  for (let version = from; version < from + 20; version++) {
    const key = codeKey(deps.secret, deriveCode(deps.secret, recordId, purpose, version));
    if (await claimUnique(deps.store, claim, key, recordId, ctx, exists)) return { key, version };
  }
  throw new DomainError('Non è stato possibile generare un codice: riprova.', 'conflict');
}
