import { createHash, randomUUID } from 'node:crypto';
import { handleCommand, loadState } from '../../platform/commands/handle-command.js';
import { derivedId } from '../../platform/commands/ids.js';
import type { CommandContext } from '../../platform/domain/context.js';
import { DomainError } from '../../platform/domain/errors.js';
import type { EventStore, Position } from '../../platform/eventstore/types.js';
import type { UploadedFile } from '../../platform/http/uploads.js';
import type { CommandDeps } from '../../platform/module.js';
import { sessionState } from '../collaboration-sessions/commands.js';
import { revokeSession } from '../collaboration-sessions/lifecycle-commands.js';
import { statusAt } from '../collaboration-sessions/session.js';
import { changeCredits } from '../credits/commands.js';
import { creditsExpireAt } from '../credits/ledger.js';
import { orderDecider, orderStreamId } from '../orders/order.js';
import { refundPart, type ProviderOf } from '../payments/commands.js';
import { paymentDecider, paymentStreamId } from '../payments/payment.js';
import { caseDecider, caseStreamId, type Actor, type CaseCommand, type CaseFields, type CaseState, type Party } from './case.js';
import type { NewComplaint, NewDispute, Resolution } from './contract.js';
import { keepEvidenceFile } from './evidence-files.js';
import { caseNotFound, compensationKeyPrefix, DISPUTE_WINDOW_MS, typeLabels } from './labels.js';
import { casesRespondentLate, compensationsUnpaid, evidenceFileOf, sessionPayment } from './queries.js';
import { namesOf } from '../users/queries.js';

export interface Deps extends CommandDeps {
  /** The app's secret (the sessions' codes are derived from it): a security complaint revokes a session. */
  secret: Buffer;
  /** The payment providers: a compensation paid as a refund. */
  payments: { providers: ProviderOf };
}

export interface Reader {
  id: string;
  role: string;
}

export async function caseState(store: EventStore, id: string): Promise<CaseState> {
  return (await loadState(store, caseStreamId(id), caseDecider)).state;
}

const onCase = (store: EventStore, id: string, command: CaseCommand, ctx: CommandContext) => handleCommand(store, caseStreamId(id), caseDecider, command, ctx);

/** The case for one of its two parties (the other party is told of it at once and may answer in it) or an admin; anyone else reads it as not found. */
export async function caseFor(store: EventStore, id: string, reader: Reader): Promise<CaseState & { fields: CaseFields }> {
  const state = await caseState(store, id);
  const f = state.fields;
  const sees = f && (reader.role === 'admin' || reader.id === f.complainant.userId || reader.id === f.respondent.userId);
  if (!state.exists || !sees) throw new DomainError(caseNotFound, 'not-found');
  return state as CaseState & { fields: CaseFields };
}

/**
 * A party of a collaboration session files a complaint on it, once per session and party. An
 * "immediate" security breach revokes the session at once ([13]): its collaborator's very next
 * request for the shop is refused.
 */
export async function fileComplaint(deps: Deps, user: Reader, body: NewComplaint, ctx: CommandContext): Promise<{ id: string; position: Position | null }> {
  const session = await sessionState(deps.store, body.sessionId);
  const s = session.fields;
  const notYours = 'Sessione non trovata.';
  if (!session.exists || !s || (user.id !== s.shopkeeperId && user.id !== s.collaboratorId)) throw new DomainError(notYours, 'not-found', { sessionId: notYours });
  const status = statusAt(session, ctx.now);
  if (status === 'pending' || status === 'ready') {
    throw new DomainError('La sessione non è ancora iniziata: se c’è un problema, annullala o revocala.', 'rule', { sessionId: 'Non ancora iniziata.' });
  }
  const byShop = user.id === s.shopkeeperId;
  const names = await namesOf(deps.db, [s.shopkeeperId, s.collaboratorId]);
  const shopkeeper: Party = { userId: s.shopkeeperId, type: 'shopkeeper', name: names.get(s.shopkeeperId) ?? s.storeName };
  const collaborator: Party = { userId: s.collaboratorId, type: 'collaborator', name: names.get(s.collaboratorId) ?? s.collaboratorName };
  const paid = byShop ? await sessionPayment(deps.db, s.assignmentId) : null;
  const id = derivedId('complaint', body.sessionId, user.id);
  if ((await caseState(deps.store, id)).exists) {
    throw new DomainError('Hai già presentato un reclamo su questa sessione: aggiungi messaggi e file a quello.', 'conflict');
  }
  let { position } = await onCase(
    deps.store,
    id,
    {
      type: 'FileCase',
      fields: {
        caseId: id,
        kind: 'complaint',
        sessionId: body.sessionId,
        assignmentId: s.assignmentId,
        orderId: null,
        storeId: s.storeId,
        storeName: s.storeName,
        complainant: byShop ? shopkeeper : collaborator,
        respondent: byShop ? collaborator : shopkeeper,
        complaintType: body.complaintType,
        title: body.title,
        description: body.description,
        severity: body.severity,
        urgency: body.urgency,
        witnessContacts: body.witnessContacts,
        paymentId: paid?.paymentId ?? null,
        paymentAmountCents: paid?.amountCents ?? 0,
      },
      now: ctx.now,
    },
    ctx,
  );
  if (body.complaintType === 'security_breach' && body.urgency === 'immediate' && status === 'active') {
    const reason = `Reclamo di sicurezza immediato: ${body.title}`.slice(0, 500);
    // The shopkeeper revokes it as their own; a collaborator's breach is revoked as the platform's admin would.
    const by = byShop ? user : { id: user.id, role: 'admin' };
    position = (await revokeSession(deps, body.sessionId, by, reason, ctx)) ?? position;
  }
  return { id, position };
}

/** When the order completed: its OrderCompleted event's time. */
async function completedAt(store: EventStore, orderId: string): Promise<Date | null> {
  const events = await store.readStream(orderStreamId(orderId));
  const done = events.findLast((e) => e.type === 'OrderCompleted');
  return done ? new Date(done.metadata.at) : null;
}

/** The customer of a completed order disputes it within 14 days of its completion, once. */
export async function openDispute(deps: Deps, customerId: string, body: NewDispute, ctx: CommandContext): Promise<{ id: string; position: Position | null }> {
  const { state } = await loadState(deps.store, orderStreamId(body.orderId), orderDecider);
  const o = state.order;
  const notYours = 'Ordine non trovato.';
  if (!o || o.userId !== customerId) throw new DomainError(notYours, 'not-found', { orderId: notYours });
  const done = state.status === 'completed' ? await completedAt(deps.store, body.orderId) : null;
  if (!done) throw new DomainError('Puoi contestare un ordine solo dopo che è stato completato.', 'rule', { orderId: 'Ordine non completato.' });
  if (ctx.now.getTime() > done.getTime() + DISPUTE_WINDOW_MS) {
    throw new DomainError('Sono passati più di 14 giorni dal completamento dell’ordine: non si può più contestare.', 'rule', { orderId: 'Oltre i 14 giorni.' });
  }
  const id = derivedId('dispute', body.orderId);
  if ((await caseState(deps.store, id)).exists) throw new DomainError('Hai già aperto una contestazione per questo ordine.', 'conflict');
  const names = await namesOf(deps.db, [customerId, o.storeOwnerId]);
  const paidOnline = o.paymentId && state.paymentStatus === 'paid' ? o.paymentId : null;
  const { position } = await onCase(
    deps.store,
    id,
    {
      type: 'FileCase',
      fields: {
        caseId: id,
        kind: 'dispute',
        sessionId: null,
        assignmentId: null,
        orderId: body.orderId,
        storeId: o.storeId,
        storeName: o.storeName,
        complainant: { userId: customerId, type: 'customer', name: names.get(customerId) ?? o.customerName },
        respondent: { userId: o.storeOwnerId, type: 'shopkeeper', name: names.get(o.storeOwnerId) ?? o.storeName },
        complaintType: body.reason,
        title: body.title ?? `${typeLabels[body.reason]}: ordine di ${o.storeName}`,
        description: body.description,
        severity: body.severity,
        urgency: body.urgency,
        witnessContacts: body.witnessContacts,
        paymentId: paidOnline,
        paymentAmountCents: paidOnline ? o.totalCents : 0,
      },
      now: ctx.now,
    },
    ctx,
  );
  return { id, position };
}

const actorOf = (reader: Reader): Actor => ({ userId: reader.id, role: reader.role as Actor['role'] });

/** A party or an admin writes in the case (an admin's note may be internal). */
export async function postMessage(deps: Deps, id: string, reader: Reader, message: { text: string; internal: boolean }, ctx: CommandContext): Promise<Position | null> {
  // The decider says who may write (a stranger, or the other party not yet asked: not found).
  return (await onCase(deps.store, id, { type: 'PostMessage', by: actorOf(reader), text: message.text, internal: message.internal, now: ctx.now }, ctx)).position;
}

/**
 * Adds an evidence file: its bytes kept in complaint_files (under a new id, before the event), its
 * facts in the case's event. Only the case's parties and admins ever read it back.
 */
export async function addEvidence(deps: Deps, id: string, reader: Reader, file: UploadedFile, ctx: CommandContext): Promise<Position | null> {
  await caseFor(deps.store, id, reader);
  const fileId = randomUUID();
  const sha256 = createHash('sha256').update(file.body).digest('hex');
  await keepEvidenceFile(deps.pool, { id: fileId, caseId: id, contentType: file.contentType, sha256, body: file.body });
  const name = (file.filename || `prova.${file.kind}`).replace(/[\\/]/g, '_').slice(0, 200);
  return (
    await onCase(
      deps.store,
      id,
      {
        type: 'AddEvidence',
        by: actorOf(reader),
        file: { fileId, name, contentType: file.contentType, sizeBytes: file.body.length, sha256 },
        now: ctx.now,
      },
      ctx,
    )
  ).position;
}

/** An evidence file of this case, for its parties and admins: another case's file is not found here. */
export async function evidenceFile(deps: Deps, id: string, fileId: string, reader: Reader): Promise<{ body: Buffer; contentType: string; name: string }> {
  await caseFor(deps.store, id, reader);
  const found = await evidenceFileOf(deps.db, id, fileId);
  if (!found) throw new DomainError('File non trovato.', 'not-found');
  return found;
}

export async function respond(deps: Deps, id: string, userId: string, text: string, ctx: CommandContext): Promise<Position | null> {
  return (await onCase(deps.store, id, { type: 'Respond', userId, text, now: ctx.now }, ctx)).position;
}

export async function appeal(deps: Deps, id: string, userId: string, reason: string, ctx: CommandContext): Promise<Position | null> {
  return (await onCase(deps.store, id, { type: 'Appeal', userId, reason, now: ctx.now }, ctx)).position;
}

/** An admin's move on a case. */
export async function adminMove(deps: Deps, id: string, command: CaseCommand, ctx: CommandContext): Promise<Position | null> {
  // A case that does not exist is refused by the decider itself (not found), in the same read.
  return (await onCase(deps.store, id, command, ctx)).position;
}

export function resolveCommand(adminId: string, r: Resolution, now: Date): CaseCommand {
  return {
    type: 'ResolveCase',
    adminId,
    adminResponse: r.adminResponse,
    resolutionAction: r.resolutionAction,
    compensation: r.compensation ? { method: r.compensation.method, amountCents: r.compensation.amount, credits: r.compensation.credits } : null,
    now,
  };
}

/** The key a compensation moves money under: one per case, so it never moves twice. */
export const compensationKey = (id: string): string => `${compensationKeyPrefix}${id}`;

/**
 * Pays an approved compensation, once: credits as a lot named after the case (added once however
 * often this runs); a refund through the payment's provider under the case's own key (asked
 * again, the provider refunds once), paid when the provider confirms it. Run after the approval
 * and by the upkeep until paid.
 */
export async function payCompensation(deps: Deps, id: string, ctx: CommandContext): Promise<Position | null> {
  const state = await caseState(deps.store, id);
  const f = state.fields;
  if (!f || state.compensationStatus !== 'approved' || !state.compensation) return null;
  const c = state.compensation;
  if (c.method === 'credits') {
    const lotId = derivedId(compensationKey(id));
    const added = await changeCredits(
      deps.store,
      f.complainant.userId,
      {
        type: 'AddCredits',
        lotId,
        credits: c.credits,
        expiresAt: creditsExpireAt(ctx.now),
        source: { kind: 'adjustment', reason: `Indennizzo per il caso «${f.title}»` },
      },
      ctx,
    );
    return (await onCase(deps.store, id, { type: 'RecordCompensationPaid', reference: `credits:${lotId}`, now: ctx.now }, ctx)).position ?? added.position;
  }
  if (!f.paymentId) return null;
  const asked = await refundPart(
    { store: deps.store, providers: deps.payments.providers },
    f.paymentId,
    {
      refundKey: compensationKey(id),
      amountCents: c.amountCents,
      reason: `Indennizzo per il caso «${f.title}»`,
    },
    ctx,
  );
  if (!(await refundConfirmed(deps.store, f.paymentId, compensationKey(id)))) return asked;
  return (await onCase(deps.store, id, { type: 'RecordCompensationPaid', reference: `refund:${f.paymentId}`, now: ctx.now }, ctx)).position ?? asked;
}

/** Whether the provider confirmed the refund made under this key (the payment's own stream). */
async function refundConfirmed(store: EventStore, paymentId: string, refundKey: string): Promise<boolean> {
  const { state } = await loadState(store, paymentStreamId(paymentId), paymentDecider);
  return state.exists && state.refunds[refundKey]?.confirmed === true;
}

/**
 * The upkeep's part: notes each other party who did not answer in time, once; pays approved
 * compensations not yet paid (a refund waiting for its provider, a payout cut short by a crash).
 */
export async function upkeepCases(deps: Deps, now: Date, ctx: CommandContext): Promise<{ late: number; paid: number; failed: number }> {
  const late = await casesRespondentLate(deps.db, now);
  const unpaid = await compensationsUnpaid(deps.db);
  let failed = 0;
  let noted = 0;
  let paid = 0;
  for (const { id } of late) {
    try {
      if ((await onCase(deps.store, id, { type: 'NoteRespondentLate', now }, ctx)).position) noted++;
    } catch {
      failed++;
    }
  }
  for (const { id } of unpaid) {
    try {
      await payCompensation(deps, id, ctx);
      if ((await caseState(deps.store, id)).compensationStatus === 'paid') paid++;
    } catch {
      failed++;
    }
  }
  return { late: noted, paid, failed };
}
