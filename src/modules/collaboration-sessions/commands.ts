import { randomUUID } from 'node:crypto';
import { handleCommand, handleTogether, loadState, loadStates, type StreamCommand } from '../../platform/commands/handle-command.js';
import { claimUnique, uniqueOwner } from '../../platform/commands/uniqueness.js';
import type { Pool } from '../../platform/db/pool.js';
import type { ReadDb } from '../../platform/db/read.js';
import { activeStoreOfOwner } from '../stores/queries.js';
import type { CommandContext } from '../../platform/domain/context.js';
import { DomainError } from '../../platform/domain/errors.js';
import type { EventStore, Position } from '../../platform/eventstore/types.js';
import { assignmentDecider, assignmentStreamId } from '../assignments/assignment.js';
import { assignmentFor, completeAssignment, userName, workedWith } from '../assignments/commands.js';
import type { Permission } from '../assignments/labels.js';
import { endTransfer, ledgerOf, transferCredits } from '../credits/commands.js';
import { balanceAt } from '../credits/ledger.js';
import { accessDecider, accessNotFound, accessStreamId, type AccessCommand } from './access.js';
import { codeKey, deriveCode, type CodePurpose } from './codes.js';
import type { NewSessionBody } from './contract.js';
import { MAX_CODE_TRIES, type CodeKind, type SecurityLevel } from './labels.js';
import { codeRefused, sessionDecider, sessionNotFound, sessionStreamId, statusAt, type SessionCommand, type SessionEvent, type SessionState, type Where } from './session.js';
import { tryCode } from '../../platform/commands/code-tries.js';

export interface Deps {
  store: EventStore;
  pool: Pool;
  db: ReadDb;
  /** The app's secret: codes are derived from it (codes.ts). */
  secret: Buffer;
}

export interface Reader {
  id: string;
  role: string;
}

const codeClaim = 'session-code';
const accessClaim = 'access-code';

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

const onSession = (store: EventStore, id: string, command: SessionCommand, ctx: CommandContext) => handleCommand(store, sessionStreamId(id), sessionDecider, command, ctx);

/**
 * A new code for `recordId`: the first version from `from` whose key no other record holds (a
 * clash of two random codes is rare, and then the next version is taken).
 */
export async function issueCode(deps: Pick<Deps, 'store' | 'secret'>, recordId: string, purpose: CodePurpose, from: number, ctx: CommandContext): Promise<{ key: string; version: number }> {
  const claim = purpose === 'access' ? accessClaim : codeClaim;
  const exists = async (owner: string) => (await deps.store.readStream(purpose === 'access' ? accessStreamId(owner) : sessionStreamId(owner), { maxCount: 1 })).length > 0;
  for (let version = from; version < from + 20; version++) {
    const key = codeKey(deps.secret, deriveCode(deps.secret, recordId, purpose, version));
    if (await claimUnique(deps.store, claim, key, recordId, ctx, exists)) return { key, version };
  }
  throw new DomainError('Non è stato possibile generare un codice: riprova.', 'conflict');
}


interface StoreRow {
  id: string;
  name: string;
  address: string;
  latitude: number;
  longitude: number;
  owner_id: string;
}

async function storeOf(pool: Pool, storeId: string): Promise<StoreRow> {
  const { rows } = await pool.query<StoreRow>('SELECT id, name, address, latitude, longitude, owner_id FROM stores WHERE id = $1', [storeId]);
  if (!rows[0]) throw new DomainError('Negozio non trovato.', 'not-found');
  return rows[0];
}

/** What a session works under: its assignment or its standing access, as the shopkeeper may use it now. */
interface Under {
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
  return scheduleFor(deps, body.assignmentId ? await underAssignment(deps, body.assignmentId, shopkeeperId) : await underAccess(deps, body.accessId!, shopkeeperId), {
    scheduledStartAt: body.scheduledStartAt,
    scheduledEndAt: body.scheduledEndAt,
    securityLevel: body.securityLevel,
    aiCredits: body.aiCredits,
  }, ctx);
}

export async function scheduleFor(
  deps: Deps,
  under: Under,
  when: { scheduledStartAt: string; scheduledEndAt: string; securityLevel: SecurityLevel; aiCredits: number },
  ctx: CommandContext & { checkBalance?: boolean },
  id: string = randomUUID(),
): Promise<{ id: string; position: Position | null }> {
  const shop = await storeOf(deps.pool, under.storeId);
  if (when.aiCredits > 0 && under.assignmentId && ctx.checkBalance !== false) {
    const balance = balanceAt(await ledgerOf(deps.store, shop.owner_id), ctx.now);
    if (balance < when.aiCredits) throw new DomainError(`Hai ${balance} crediti AI: non puoi assegnarne ${when.aiCredits} alla sessione.`, 'rule', { aiCredits: `Al massimo ${balance}.` });
  }
  const [activation, closure] = [await issueCode(deps, id, 'activation', 1, ctx), await issueCode(deps, id, 'closure', 1, ctx)];
  const schedule: SessionCommand = {
    type: 'ScheduleSession',
    fields: {
      sessionId: id, assignmentId: under.assignmentId, accessId: under.accessId, storeId: shop.id, storeName: shop.name, storeAddress: shop.address,
      storeLatitude: shop.latitude, storeLongitude: shop.longitude, shopkeeperId: shop.owner_id, collaboratorId: under.collaboratorId,
      collaboratorName: under.collaboratorName, securityLevel: when.securityLevel, permissions: under.permissions, aiCredits: when.aiCredits,
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
  const position = await handleTogether(deps.store, async () => {
    const loaded = await loadStates(deps.store, { access: [{ streamId: accessStream, decider: accessDecider }], session: [{ streamId: sessionStreamId(id), decider: sessionDecider }] });
    return [
      { streamId: accessStream, decider: accessDecider as StreamCommand['decider'], command: reserve, loaded: loaded.access[0]! },
      { streamId: sessionStreamId(id), decider: sessionDecider as StreamCommand['decider'], command: schedule, loaded: loaded.session[0]! },
    ];
  }, ctx);
  return { id, position };
}

export async function rescheduleSession(deps: Deps, id: string, shopkeeperId: string, when: { scheduledStartAt: string; scheduledEndAt: string }, ctx: CommandContext): Promise<Position | null> {
  const s = await sessionFor(deps.store, id, { id: shopkeeperId, role: 'shopkeeper' });
  if (s.fields.shopkeeperId !== shopkeeperId) throw new DomainError(sessionNotFound, 'not-found');
  if (s.fields.accessId) {
    const access = await loadState(deps.store, accessStreamId(s.fields.accessId), accessDecider);
    if (access.state.fields && new Date(when.scheduledEndAt) > new Date(access.state.fields.expiresAt)) throw new DomainError('La sessione finirebbe dopo la scadenza dell’accesso.', 'rule', { scheduledEndAt: 'Oltre la scadenza dell’accesso.' });
  }
  return (await onSession(deps.store, id, { type: 'RescheduleSession', ...when, now: ctx.now }, ctx)).position;
}

/** The shopkeeper's new code (the old one stops working): after five wrong tries, or when it was seen by someone else. */
export async function reissueCode(deps: Deps, id: string, shopkeeperId: string, kind: CodeKind, ctx: CommandContext): Promise<Position | null> {
  const s = await sessionFor(deps.store, id, { id: shopkeeperId, role: 'shopkeeper' });
  if (s.fields.shopkeeperId !== shopkeeperId) throw new DomainError(sessionNotFound, 'not-found');
  // Refused before a code is claimed for nothing.
  const next = (kind === 'activation' ? s.activation : s.closure).version + 1;
  sessionDecider.decide({ type: 'ReissueCode', kind, key: '', version: next, now: ctx.now }, s);
  const code = await issueCode(deps, id, kind, next, ctx);
  return (await onSession(deps.store, id, { type: 'ReissueCode', kind, ...code, now: ctx.now }, ctx)).position;
}

const triesLeft = (tries: number) => {
  const left = Math.max(0, MAX_CODE_TRIES - tries);
  return left === 0
    ? 'Codice non valido: dopo 5 tentativi errati il codice è bloccato, chiedi al negoziante di generarne uno nuovo.'
    : `Codice non valido: ${left === 1 ? 'ti resta 1 tentativo' : `ti restano ${left} tentativi`}.`;
};

/** The collaborator's sessions waiting for an activation code now. */
async function awaitingActivation(pool: Pool, collaboratorId: string, now: Date): Promise<string[]> {
  const { rows } = await pool.query<{ id: string }>(
    `SELECT id FROM collaboration_sessions WHERE collaborator_id = $1 AND status = 'pending' AND ready_at <= $2 AND activation_deadline > $2 ORDER BY scheduled_start_at LIMIT 20`,
    [collaboratorId, now],
  );
  return rows.map((r) => r.id);
}

/**
 * The collaborator types the shop's activation code (with their position, for standard and
 * high). Issue [16]: refused (429) while they are locked out of activation codes, before the code
 * is looked up. A code that is not usable now — unknown, another's, an old version, a closure
 * code, or the right code of their own session not ready yet or burnt — is one wrong try, answered
 * alike whichever it was (no oracle): counted on each session they are waiting to activate (five
 * burn its code) and on their own counter, in one append.
 */
export async function activateSession(
  deps: Deps,
  collaboratorId: string,
  input: { code: string; position: Where | null; ipAddress: string | null; userAgent: string | null },
  ctx: CommandContext,
): Promise<{ id: string; position: Position | null }> {
  const key = codeKey(deps.secret, input.code);
  let owner: string | null = null;
  let waiting = 0;
  let decided: { events: SessionEvent[]; state: SessionState } = { events: [], state: sessionDecider.initialState };
  const { position, wrong } = await tryCode(deps.store, { kind: 'activation', actorId: collaboratorId }, ctx, async () => {
    owner = await uniqueOwner(deps.store, codeClaim, key);
    const loaded = owner ? await loadState(deps.store, sessionStreamId(owner), sessionDecider) : null;
    const state = loaded?.state ?? null;
    const theirs = state?.fields?.collaboratorId === collaboratorId;
    // A used code of their own (the session already running): say so rather than count a try.
    if (theirs && state.closure.key !== key && (state.status === 'active' || state.awaitingConfirmation)) {
      throw new DomainError('Questo codice è già stato usato: la sessione è già attivata.', 'conflict');
    }
    const usable = theirs && state.activation.key === key && statusAt(state, ctx.now) !== 'pending' && !state.activation.burnt;
    if (usable && loaded) {
      const command: SessionCommand = { type: 'ActivateSession', collaboratorId, codeKey: key, position: input.position, ipAddress: input.ipAddress, userAgent: input.userAgent, now: ctx.now };
      const events = sessionDecider.decide(command, loaded.state);
      decided = { events, state: events.reduce(sessionDecider.evolve, loaded.state) };
      if (!events.length) return null;
      return { commands: [{ streamId: sessionStreamId(owner!), decider: sessionDecider as StreamCommand['decider'], command, loaded }], wrong: false };
    }
    const ids = await awaitingActivation(deps.pool, collaboratorId, ctx.now);
    const sessions = (await loadStates(deps.store, { sessions: ids.map((id) => ({ streamId: sessionStreamId(id), decider: sessionDecider })) })).sessions;
    waiting = 0;
    const commands: StreamCommand[] = ids.map((id, i) => {
      const command: SessionCommand = { type: 'MistypeCode', kind: 'activation', now: ctx.now };
      const after = sessionDecider.decide(command, sessions[i]!.state).reduce(sessionDecider.evolve, sessions[i]!.state);
      waiting = Math.max(waiting, after.activation.tries);
      return { streamId: sessionStreamId(id), decider: sessionDecider as StreamCommand['decider'], command, loaded: sessions[i]! };
    });
    if (!ids.length) waiting = -1;
    return { commands, wrong: true };
  }, { rightOnTheSameRecords: true });
  if (wrong) throw new DomainError(waiting >= 0 ? triesLeft(waiting) : `${codeRefused} Controlla di averlo scritto come te lo mostra il negozio.`, 'rule', { code: codeRefused });
  const id = owner as string | null;
  if (!id) throw new DomainError(codeRefused, 'rule', { code: codeRefused });
  if (decided.events.some((e) => e.type === 'SessionActivated')) return { id, position: (await afterActivation(deps, id, ctx, decided.state)) ?? position };
  return { id, position };
}

/** High security: the shopkeeper confirms on their own device. */
export async function confirmActivation(deps: Deps, id: string, shopkeeperId: string, ctx: CommandContext): Promise<Position | null> {
  const { events, position } = await onSession(deps.store, id, { type: 'ConfirmActivation', shopkeeperId, now: ctx.now }, ctx);
  if (!events.length) return position;
  return (await afterActivation(deps, id, ctx)) ?? position;
}

/** Assignments this process saw in progress (the most recent, a bounded number). */
const startedAssignments = new Set<string>();
const rememberedAtMost = 10_000;
function remember(set: Set<string>, id: string): void {
  set.add(id);
  if (set.size > rememberedAtMost) set.delete(set.values().next().value!);
}

/**
 * An activated session: its assignment is in progress, and the shopkeeper's credits allocated to
 * it go to the collaborator (what the shop has, up to the allocation). Each step is done once
 * (the upkeep finishes it after a crash).
 */
export async function afterActivation(deps: Deps, id: string, ctx: CommandContext, known?: SessionState): Promise<Position | null> {
  const s = known ?? (await sessionState(deps.store, id));
  const f = s.fields!;
  let position: Position | null = null;
  // An assignment is started once, by its first session: known started here, not read again (another process reads it, and decides nothing).
  if (f.assignmentId && !startedAssignments.has(f.assignmentId)) {
    const started = await handleCommand(deps.store, assignmentStreamId(f.assignmentId), assignmentDecider, { type: 'StartAssignment', now: ctx.now }, ctx).catch((err: unknown) => {
      if (err instanceof DomainError) return null;
      throw err;
    });
    position = started?.position ?? position;
    if (started?.state.status === 'in_progress') remember(startedAssignments, f.assignmentId);
  }
  if (s.creditsSent === null) {
    let credits = 0;
    if (f.aiCredits > 0) {
      // The transfer may be sent already (the upkeep and the activation at once, or a run stopped
      // halfway): then it says how much went, not the shop's balance after it (issue [25]: a
      // session recorded as sent 0 kept the credits with the collaborator when it closed).
      const ledger = await ledgerOf(deps.store, f.shopkeeperId);
      const wanted = ledger.sent.has(id) ? f.aiCredits : Math.min(f.aiCredits, balanceAt(ledger, ctx.now));
      if (wanted > 0) {
        // Sent by another run before or meanwhile: the transfer says what that one sent.
        const transfer = await transferCredits(deps.store, { transferId: id, fromUserId: f.shopkeeperId, toUserId: f.collaboratorId, credits: wanted, assignmentId: f.assignmentId, reason: `Sessione per ${f.storeName}` }, ctx);
        position = transfer.position ?? position;
        credits = transfer.credits;
      }
    }
    position = (await onSession(deps.store, id, { type: 'RecordCreditsSent', credits }, ctx)).position ?? position;
  }
  return position;
}

/**
 * Over (completed, revoked, expired): what the collaborator did not use of the shop's credits goes
 * back to the shop, and a standing access gets back what the session did not take. Once.
 */
export async function settleCredits(deps: Deps, id: string, ctx: CommandContext): Promise<Position | null> {
  const s = await sessionState(deps.store, id);
  const f = s.fields;
  if (!f || s.status === 'pending' || s.status === 'active' || s.creditsSettled || f.aiCredits === 0) return null;
  let position: Position | null = null;
  let returned = 0;
  const sent = s.creditsSent ?? 0;
  if (sent > 0) {
    position = await endTransfer(deps.store, { transferId: id, fromUserId: f.shopkeeperId, toUserId: f.collaboratorId, reason: `Fine della sessione per ${f.storeName}: crediti non usati restituiti` }, ctx);
    returned = (await ledgerOf(deps.store, f.collaboratorId)).received.get(id)?.givenBack?.credits ?? 0;
  }
  if (f.accessId) {
    const unused = f.aiCredits - sent + returned;
    position = (await handleCommand(deps.store, accessStreamId(f.accessId), accessDecider, { type: 'ReleaseCredits', sessionId: id, credits: unused }, ctx)).position ?? position;
  }
  if (s.creditsSent !== null) position = (await onSession(deps.store, id, { type: 'RecordCreditsSettled', used: sent - returned, returned }, ctx)).position ?? position;
  return position;
}

/** The session's assignment is done when it has no session left to work in: the last one closed with the shopkeeper's code completes it. */
async function completeIfLast(deps: Deps, assignmentId: string, ctx: CommandContext): Promise<Position | null> {
  const { rows } = await deps.pool.query<{ id: string }>(`SELECT id FROM collaboration_sessions WHERE assignment_id = $1 AND status IN ('pending', 'active')`, [assignmentId]);
  for (const { id } of rows) {
    const s = await sessionState(deps.store, id);
    const now = statusAt(s, ctx.now);
    if (now === 'pending' || now === 'ready' || now === 'active') return null;
  }
  return completeAssignment(deps, assignmentId, ctx);
}

/** The collaborator closes the session with the shopkeeper's closure code. */
export async function closeSession(deps: Deps, id: string, collaboratorId: string, closureCode: string, ctx: CommandContext): Promise<Position | null> {
  // Issue [16]: refused (429) while the collaborator is locked out of closure codes; a wrong one counts on the session and on them, in one append.
  const command: SessionCommand = { type: 'CloseSession', collaboratorId, codeKey: codeKey(deps.secret, closureCode), now: ctx.now };
  let events: SessionEvent[] = [];
  let state: SessionState = sessionDecider.initialState;
  const { position, wrong } = await tryCode(deps.store, { kind: 'closure', actorId: collaboratorId }, ctx, async () => {
    const loaded = await loadState(deps.store, sessionStreamId(id), sessionDecider);
    events = sessionDecider.decide(command, loaded.state);
    state = events.reduce(sessionDecider.evolve, loaded.state);
    if (!events.length) return null;
    return { commands: [{ streamId: sessionStreamId(id), decider: sessionDecider as StreamCommand['decider'], command, loaded }], wrong: events.some((e) => e.type === 'SessionCodeMistyped') };
  }, { rightOnTheSameRecords: true });
  if (wrong) throw new DomainError(triesLeft(state.closure.tries), 'rule', { closureCode: codeRefused });
  if (!events.some((e) => e.type === 'SessionCompleted')) return position;
  let last = (await settleCredits(deps, id, ctx)) ?? position;
  if (state.fields!.assignmentId) last = (await completeIfLast(deps, state.fields!.assignmentId, ctx)) ?? last;
  return last;
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
async function endOpenSessions(deps: Deps, column: 'assignment_id' | 'access_id', id: string, by: Reader, reason: string, ctx: CommandContext): Promise<Position | null> {
  const { rows } = await deps.pool.query<{ id: string; status: string }>(`SELECT id, status FROM collaboration_sessions WHERE ${column} = $1 AND status IN ('pending', 'active')`, [id]);
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

/** The standing access, as its shopkeeper grants it: a code to give the collaborator once. */
export async function grantAccess(
  deps: Deps,
  shopkeeperId: string,
  input: { collaboratorId: string; description: string; expiresAt: string; credits: number; permissions: Permission[] },
  ctx: CommandContext,
): Promise<{ id: string; position: Position | null }> {
  const shop = await activeStoreOfOwner(deps.db, shopkeeperId, 'dare accessi ai collaboratori', 'Non hai ancora un negozio.');
  const notKnown = 'Un accesso permanente si dà solo a un collaboratore con cui hai già lavorato.';
  if (!(await workedWith(deps.pool, shop.id, input.collaboratorId))) throw new DomainError(notKnown, 'rule', { collaboratorId: notKnown });
  const id = randomUUID();
  const { key, version } = await issueCode(deps, id, 'access', 1, ctx);
  const { position } = await handleCommand(deps.store, accessStreamId(id), accessDecider, {
    type: 'GrantAccess',
    fields: {
      accessId: id, storeId: shop.id, storeName: shop.name, shopkeeperId, collaboratorId: input.collaboratorId,
      collaboratorName: (await userName(deps.pool, input.collaboratorId)) ?? 'Collaboratore', description: input.description,
      permissions: input.permissions, expiresAt: new Date(input.expiresAt).toISOString(), creditsAllocated: input.credits,
    },
    codeKey: key,
    codeVersion: version,
    now: ctx.now,
  }, ctx);
  return { id, position };
}

/** The standing accesses waiting for this collaborator to redeem their code now. */
async function awaitingRedemption(pool: Pool, collaboratorId: string, now: Date): Promise<string[]> {
  const { rows } = await pool.query<{ id: string }>(
    `SELECT id FROM store_collaborator_assignments WHERE collaborator_id = $1 AND is_active AND NOT code_used AND expires_at > $2 ORDER BY created_at LIMIT 20`,
    [collaboratorId, now],
  );
  return rows.map((r) => r.id);
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
  const { position, wrong } = await tryCode(deps.store, { kind: 'access', actorId: collaboratorId }, ctx, async () => {
    owner = await uniqueOwner(deps.store, accessClaim, key);
    const loaded = owner ? await loadState(deps.store, accessStreamId(owner), accessDecider) : null;
    if (loaded?.state.fields?.collaboratorId === collaboratorId && loaded.state.codeKey === key) {
      // Their code: redeemed (or told it was already, or is expired or closed).
      const command: AccessCommand = { type: 'RedeemAccess', collaboratorId, codeKey: key, now: ctx.now };
      if (!accessDecider.decide(command, loaded.state).length) return null;
      return { commands: [{ streamId: accessStreamId(owner!), decider: accessDecider as StreamCommand['decider'], command, loaded }], wrong: false };
    }
    const ids = await awaitingRedemption(deps.pool, collaboratorId, ctx.now);
    const accesses = (await loadStates(deps.store, { accesses: ids.map((id) => ({ streamId: accessStreamId(id), decider: accessDecider })) })).accesses;
    const commands: StreamCommand[] = [];
    for (const [i, id] of ids.entries()) {
      const { state } = accesses[i]!;
      // The fifth wrong try burns the code: the next one is claimed first (again on a retry: the same version, the same claim).
      const burns = (state.codeTries ?? 0) + 1 >= MAX_CODE_TRIES;
      const fresh = burns ? await issueCode(deps, id, 'access', (state.codeVersion ?? 1) + 1, ctx) : null;
      commands.push({ streamId: accessStreamId(id), decider: accessDecider as StreamCommand['decider'], command: { type: 'MistypeAccessCode', fresh, now: ctx.now } satisfies AccessCommand, loaded: accesses[i]! });
    }
    return { commands, wrong: true };
  }, { rightOnTheSameRecords: true });
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


