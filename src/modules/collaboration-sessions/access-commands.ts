import { randomUUID } from 'node:crypto';
import { handleCommand, loadState, loadStates, type StreamCommand } from '../../platform/commands/handle-command.js';
import { tryCode } from '../../platform/commands/code-tries.js';
import { uniqueOwner } from '../../platform/commands/uniqueness.js';
import type { CommandContext } from '../../platform/domain/context.js';
import { DomainError } from '../../platform/domain/errors.js';
import type { Position } from '../../platform/eventstore/types.js';
import { workedWith } from '../assignments/queries.js';
import type { Permission } from '../assignments/labels.js';
import { activeStoreOfOwner } from '../stores/queries.js';
import { nameOf } from '../users/queries.js';
import { accessDecider, accessNotFound, accessStreamId, type AccessCommand } from './access.js';
import { codeKey } from './codes.js';
import { accessClaim, issueCode, type Deps, type Reader } from './commands.js';
import { MAX_CODE_TRIES } from './labels.js';
import { endOpenSessions } from './lifecycle-commands.js';
import { awaitingRedemption } from './queries.js';
import { codeRefused } from './session.js';

/* Standing accesses: granted by the shopkeeper with a code, redeemed by the collaborator, ended by either side's choice. */

/** The standing access, as its shopkeeper grants it: a code to give the collaborator once. */
export async function grantAccess(
  deps: Deps,
  shopkeeperId: string,
  input: { collaboratorId: string; description: string; expiresAt: string; credits: number; permissions: Permission[] },
  ctx: CommandContext,
): Promise<{ id: string; position: Position | null }> {
  const shop = await activeStoreOfOwner(deps.db, shopkeeperId, 'dare accessi ai collaboratori', 'Non hai ancora un negozio.');
  const notKnown = 'Un accesso permanente si dà solo a un collaboratore con cui hai già lavorato.';
  if (!(await workedWith(deps.db, shop.id, input.collaboratorId))) throw new DomainError(notKnown, 'rule', { collaboratorId: notKnown });
  const id = randomUUID();
  const { key, version } = await issueCode(deps, id, 'access', 1, ctx);
  const { position } = await handleCommand(
    deps.store,
    accessStreamId(id),
    accessDecider,
    {
      type: 'GrantAccess',
      fields: {
        accessId: id,
        storeId: shop.id,
        storeName: shop.name,
        shopkeeperId,
        collaboratorId: input.collaboratorId,
        collaboratorName: (await nameOf(deps.db, input.collaboratorId)) ?? 'Collaboratore',
        description: input.description,
        permissions: input.permissions,
        expiresAt: new Date(input.expiresAt).toISOString(),
        creditsAllocated: input.credits,
      },
      codeKey: key,
      codeVersion: version,
      now: ctx.now,
    },
    ctx,
  );
  return { id, position };
}

export const accessCodeRefused = 'Codice di accesso non valido.';

/**
 * The collaborator redeems the shop's access code. Issue [16]: refused (429) while they are
 * locked out of access codes, before the code is looked up. A code that is not theirs now
 * (unknown, another's, an old version) is one wrong try, answered alike: counted on each access
 * waiting for them (the fifth burns its code: the shopkeeper gets a new one to give, and is told)
 * and on their own counter, in one append.
 */
export async function redeemAccess(deps: Deps, collaboratorId: string, code: string, ctx: CommandContext): Promise<{ id: string; position: Position | null }> {
  const key = codeKey(deps.secret, code);
  let owner: string | null = null;
  const { position, wrong } = await tryCode(
    deps.store,
    { kind: 'access', actorId: collaboratorId },
    ctx,
    async () => {
      owner = await uniqueOwner(deps.store, accessClaim, key);
      const loaded = owner ? await loadState(deps.store, accessStreamId(owner), accessDecider) : null;
      if (loaded?.state.fields?.collaboratorId === collaboratorId && loaded.state.codeKey === key) {
        // Their code: redeemed (or told it was already, or is expired or closed).
        const command: AccessCommand = { type: 'RedeemAccess', collaboratorId, codeKey: key, now: ctx.now };
        if (!accessDecider.decide(command, loaded.state).length) return null;
        return { commands: [{ streamId: accessStreamId(owner!), decider: accessDecider as StreamCommand['decider'], command, loaded }], wrong: false };
      }
      const ids = await awaitingRedemption(deps.db, collaboratorId, ctx.now);
      const accesses = (await loadStates(deps.store, { accesses: ids.map((id) => ({ streamId: accessStreamId(id), decider: accessDecider })) })).accesses;
      const commands: StreamCommand[] = [];
      for (const [i, id] of ids.entries()) {
        const { state } = accesses[i]!;
        // The fifth wrong try burns the code: the next one is claimed first (again on a retry: the same version, the same claim).
        const burns = (state.codeTries ?? 0) + 1 >= MAX_CODE_TRIES;
        const fresh = burns ? await issueCode(deps, id, 'access', (state.codeVersion ?? 1) + 1, ctx) : null;
        commands.push({
          streamId: accessStreamId(id),
          decider: accessDecider as StreamCommand['decider'],
          command: { type: 'MistypeAccessCode', fresh, now: ctx.now } satisfies AccessCommand,
          loaded: accesses[i]!,
        });
      }
      return { commands, wrong: true };
    },
    { rightOnTheSameRecords: true },
  );
  if (wrong || !owner) throw new DomainError(accessCodeRefused, 'rule', { code: codeRefused });
  return { id: owner, position };
}

/** The shopkeeper (or an admin) ends the access: its sessions not yet activated are cancelled, an active one revoked. */
export async function endAccess(deps: Deps, id: string, by: Reader, reason: string, ctx: CommandContext): Promise<Position | null> {
  const loaded = await loadState(deps.store, accessStreamId(id), accessDecider);
  const f = loaded.state.fields;
  if (!loaded.state.exists || !f || (by.role !== 'admin' && f.shopkeeperId !== by.id)) throw new DomainError(accessNotFound, 'not-found');
  const { position } = await handleCommand(deps.store, accessStreamId(id), accessDecider, { type: 'EndAccess', byUserId: by.id, reason, now: ctx.now }, ctx);
  return (await endOpenSessions(deps, 'access_id', id, by, reason || 'Accesso chiuso dal negozio', ctx)) ?? position;
}
