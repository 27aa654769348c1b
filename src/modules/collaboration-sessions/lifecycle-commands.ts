import { plural } from '../../platform/domain/format.js';
import { randomUUID } from 'node:crypto';
import { handleCommand, handleTogether, loadState, loadStates, type StreamCommand } from '../../platform/commands/handle-command.js';
import type { CommandContext } from '../../platform/domain/context.js';
import { DomainError } from '../../platform/domain/errors.js';
import type { Position } from '../../platform/eventstore/types.js';
import { assignmentFor } from '../assignments/commands.js';
import type { Permission } from '../assignments/labels.js';
import { ledgerOf } from '../credits/commands.js';
import { balanceAt } from '../credits/ledger.js';
import { findStore } from '../stores/queries.js';
import { accessDecider, accessNotFound, accessStreamId } from './access.js';
import { issueCode, onSession, sessionFor, type Deps, type Reader } from './commands.js';
import type { NewSessionBody } from './contract.js';
import { afterActivation, settleCredits } from './credit-commands.js';
import type { SecurityLevel } from './labels.js';
import { openSessionsOf } from './queries.js';
import { sessionDecider, sessionNotFound, sessionStreamId, type SessionCommand } from './session.js';

/* A session's life as its shopkeeper and the upkeep lead it: scheduled, moved, cancelled, revoked, ended with its assignment or access. */

/** What a session works under: its assignment or its standing access, as the shopkeeper may use it now. */
export interface Under {
  assignmentId: string | null;
  accessId: string | null;
  storeId: string;
  collaboratorId: string;
  collaboratorName: string;
  permissions: Permission[];
}

async function underAssignment(deps: Deps, assignmentId: string, shopkeeperId: string): Promise<Under> {
  const a = await assignmentFor(deps.store, assignmentId, { id: shopkeeperId, role: 'shopkeeper' });
  if (a.fields.shopkeeperId !== shopkeeperId) throw new DomainError('Incarico non trovato.', 'not-found');
  if (a.status !== 'accepted' && a.status !== 'in_progress') {
    throw new DomainError(a.status === 'pending' ? 'Il collaboratore non ha ancora accettato l’incarico.' : 'L’incarico è chiuso: non si programmano altre sessioni.', 'rule');
  }
  const f = a.fields;
  return { assignmentId, accessId: null, storeId: f.storeId, collaboratorId: f.collaboratorId, collaboratorName: f.collaboratorName, permissions: f.permissions };
}

async function underAccess(deps: Deps, accessId: string, shopkeeperId: string): Promise<Under> {
  const loaded = await loadState(deps.store, accessStreamId(accessId), accessDecider);
  const f = loaded.state.fields;
  if (!loaded.state.exists || !f || f.shopkeeperId !== shopkeeperId) throw new DomainError(accessNotFound, 'not-found');
  return { assignmentId: null, accessId, storeId: f.storeId, collaboratorId: f.collaboratorId, collaboratorName: f.collaboratorName, permissions: f.permissions };
}

/** The shopkeeper schedules a session of an assignment, or of a standing access (its credits reserved in the same append). */
export async function scheduleSession(deps: Deps, shopkeeperId: string, body: NewSessionBody, ctx: CommandContext): Promise<{ id: string; position: Position | null }> {
  return scheduleFor(
    deps,
    body.assignmentId ? await underAssignment(deps, body.assignmentId, shopkeeperId) : await underAccess(deps, body.accessId!, shopkeeperId),
    {
      scheduledStartAt: body.scheduledStartAt,
      scheduledEndAt: body.scheduledEndAt,
      securityLevel: body.securityLevel,
      aiCredits: body.aiCredits,
    },
    ctx,
  );
}

export async function scheduleFor(
  deps: Deps,
  under: Under,
  when: { scheduledStartAt: string; scheduledEndAt: string; securityLevel: SecurityLevel; aiCredits: number },
  ctx: CommandContext & { checkBalance?: boolean },
  id: string = randomUUID(),
): Promise<{ id: string; position: Position | null }> {
  const shop = await findStore(deps.db, under.storeId);
  if (!shop) throw new DomainError('Negozio non trovato.', 'not-found');
  if (when.aiCredits > 0 && under.assignmentId && ctx.checkBalance !== false) {
    const balance = balanceAt(await ledgerOf(deps.store, shop.userId), ctx.now);
    if (balance < when.aiCredits)
      throw new DomainError(`Hai ${plural(balance, 'credito AI', 'crediti AI')}: non puoi assegnarne ${when.aiCredits} alla sessione.`, 'rule', {
        aiCredits: `Al massimo ${balance}.`,
      });
  }
  const [activation, closure] = [await issueCode(deps, id, 'activation', 1, ctx), await issueCode(deps, id, 'closure', 1, ctx)];
  const schedule: SessionCommand = {
    type: 'ScheduleSession',
    fields: {
      sessionId: id,
      assignmentId: under.assignmentId,
      accessId: under.accessId,
      storeId: shop.id,
      storeName: shop.name,
      storeAddress: shop.address,
      storeLatitude: shop.latitude,
      storeLongitude: shop.longitude,
      shopkeeperId: shop.userId,
      collaboratorId: under.collaboratorId,
      collaboratorName: under.collaboratorName,
      securityLevel: when.securityLevel,
      permissions: under.permissions,
      aiCredits: when.aiCredits,
    },
    scheduledStartAt: when.scheduledStartAt,
    scheduledEndAt: when.scheduledEndAt,
    activation,
    closure,
    now: ctx.now,
  };
  if (!under.accessId) return { id, position: (await onSession(deps.store, id, schedule, ctx)).position };
  const reserve = { type: 'ReserveCredits' as const, sessionId: id, credits: when.aiCredits, sessionEndsAt: new Date(when.scheduledEndAt).toISOString(), now: ctx.now };
  // The budget's reservation and the session in one append: a shortage stores no session.
  const accessStream = accessStreamId(under.accessId);
  const position = await handleTogether(
    deps.store,
    async () => {
      const loaded = await loadStates(deps.store, {
        access: [{ streamId: accessStream, decider: accessDecider }],
        session: [{ streamId: sessionStreamId(id), decider: sessionDecider }],
      });
      return [
        { streamId: accessStream, decider: accessDecider as StreamCommand['decider'], command: reserve, loaded: loaded.access[0]! },
        { streamId: sessionStreamId(id), decider: sessionDecider as StreamCommand['decider'], command: schedule, loaded: loaded.session[0]! },
      ];
    },
    ctx,
  );
  return { id, position };
}

export async function rescheduleSession(
  deps: Deps,
  id: string,
  shopkeeperId: string,
  when: { scheduledStartAt: string; scheduledEndAt: string },
  ctx: CommandContext,
): Promise<Position | null> {
  const s = await sessionFor(deps.store, id, { id: shopkeeperId, role: 'shopkeeper' });
  if (s.fields.shopkeeperId !== shopkeeperId) throw new DomainError(sessionNotFound, 'not-found');
  if (s.fields.accessId) {
    const access = await loadState(deps.store, accessStreamId(s.fields.accessId), accessDecider);
    if (access.state.fields && new Date(when.scheduledEndAt) > new Date(access.state.fields.expiresAt))
      throw new DomainError('La sessione finirebbe dopo la scadenza dell’accesso.', 'rule', { scheduledEndAt: 'Oltre la scadenza dell’accesso.' });
  }
  return (await onSession(deps.store, id, { type: 'RescheduleSession', ...when, now: ctx.now }, ctx)).position;
}

/** The shopkeeper (or an admin) revokes the session: the collaborator's next request for the shop is refused. */
export async function revokeSession(deps: Deps, id: string, by: Reader, reason: string, ctx: CommandContext): Promise<Position | null> {
  const s = await sessionFor(deps.store, id, by);
  if (by.role !== 'admin' && s.fields.shopkeeperId !== by.id) throw new DomainError(sessionNotFound, 'not-found');
  const { position } = await onSession(deps.store, id, { type: 'RevokeSession', byUserId: by.id, byRole: by.role === 'admin' ? 'admin' : 'shopkeeper', reason, now: ctx.now }, ctx);
  return (await settleCredits(deps, id, ctx)) ?? position;
}

/** The shopkeeper cancels a session not yet activated (a standing access gets its credits back). */
export async function cancelSession(deps: Deps, id: string, by: Reader, reason: string, ctx: CommandContext): Promise<Position | null> {
  const s = await sessionFor(deps.store, id, by);
  if (by.role !== 'admin' && s.fields.shopkeeperId !== by.id) throw new DomainError(sessionNotFound, 'not-found');
  const { position } = await onSession(deps.store, id, { type: 'CancelSession', byUserId: by.id, reason, now: ctx.now }, ctx);
  if (s.fields.accessId) {
    const released = await handleCommand(deps.store, accessStreamId(s.fields.accessId), accessDecider, { type: 'ReleaseCredits', sessionId: id, credits: s.fields.aiCredits }, ctx);
    return released.position ?? position;
  }
  return position;
}

/** An assignment cancelled: its sessions not yet activated are cancelled, an active one revoked. */
export function endSessionsOf(deps: Deps, assignmentId: string, by: Reader, reason: string, ctx: CommandContext): Promise<Position | null> {
  return endOpenSessions(deps, 'assignment_id', assignmentId, by, reason, ctx);
}

/**
 * The open sessions of an assignment or an access, ended as the admin would: an active one
 * revoked, one not yet activated cancelled; one that ended meanwhile (expired before the upkeep
 * wrote it) is refused by its decider and left as it is.
 */
export async function endOpenSessions(deps: Deps, column: 'assignment_id' | 'access_id', id: string, by: Reader, reason: string, ctx: CommandContext): Promise<Position | null> {
  const rows = await openSessionsOf(deps.db, column, id);
  let position: Position | null = null;
  const as = { id: by.id, role: 'admin' };
  for (const row of rows) {
    try {
      const end = row.status === 'active' ? revokeSession : cancelSession;
      position = (await end(deps, row.id, as, reason, ctx)) ?? position;
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
    }
  }
  return position;
}

/** The upkeep's steps on one session: ready, expired, credits sent or settled. Each adds nothing when done already. */
export async function upkeepSession(deps: Deps, id: string, ctx: CommandContext): Promise<{ ready: boolean; expired: boolean; credits: boolean }> {
  const report = { ready: false, expired: false, credits: false };
  // One read: each step decides on the stream as the one before left it (a change meanwhile is caught by its revision).
  let loaded = await loadState(deps.store, sessionStreamId(id), sessionDecider);
  for (const type of ['MarkReady', 'ExpireSession'] as const) {
    const done = await handleCommand(deps.store, sessionStreamId(id), sessionDecider, { type, now: ctx.now }, ctx, { loaded });
    if (done.events.length) report[type === 'MarkReady' ? 'ready' : 'expired'] = true;
    loaded = { state: done.state, revision: loaded.revision + done.events.length };
  }
  const s = loaded.state;
  if (s.status === 'active' && s.creditsSent === null) report.credits = (await afterActivation(deps, id, ctx)) !== null;
  if (s.status !== 'pending' && s.status !== 'active' && !s.creditsSettled && (s.creditsSent !== null || s.fields?.accessId)) {
    report.credits = (await settleCredits(deps, id, ctx)) !== null || report.credits;
  }
  return report;
}
