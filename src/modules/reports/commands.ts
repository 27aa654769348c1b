import { randomUUID } from 'node:crypto';
import { handleCommand, loadState } from '../../platform/commands/handle-command.js';
import type { ReadDb } from '../../platform/db/read.js';
import type { CommandContext } from '../../platform/domain/context.js';
import { DomainError } from '../../platform/domain/errors.js';
import { formatCents } from '../../platform/domain/money.js';
import type { EventStore, Position } from '../../platform/eventstore/types.js';
import { assignmentFor, onAssignment } from '../assignments/commands.js';
import { unlockDecider, unlockStreamId } from '../package-unlocks/unlock.js';
import { refundPart, type ProviderOf } from '../payments/commands.js';
import { paymentDecider, paymentStreamId, refundableCents } from '../payments/payment.js';
import type { NewReportBody, ResolutionBody } from './contract.js';
import { collaborationPaymentOf } from './queries.js';
import { reportDecider, reportNotFound, reportStreamId, type ReportCommand, type ReportState } from './report.js';

export interface Deps {
  store: EventStore;
  db: ReadDb;
  providers: ProviderOf;
}

interface Person {
  id: string;
  role: string;
}

const onReport = (store: EventStore, id: string, command: ReportCommand, ctx: CommandContext) => handleCommand(store, reportStreamId(id), reportDecider, command, ctx);

const later = (a: Position | null, b: Position | null) => b ?? a;

/**
 * One side of the assignment (its shopkeeper or its collaborator) reports a problem: the report,
 * open, and the assignment marked as having problems (AssignmentProblemReported, with the report's
 * title). Anyone else is told the assignment does not exist.
 */
export async function submitReport({ store }: Pick<Deps, 'store'>, who: Person, body: NewReportBody, ctx: CommandContext): Promise<{ id: string; position: Position | null }> {
  const assignment = await assignmentFor(store, body.assignmentId, { id: who.id, role: who.role === 'admin' ? 'nobody' : who.role });
  const f = assignment.fields;
  // Checked before the report is written: the assignment's own flag refuses a rejected one.
  if (assignment.status === 'rejected') throw new DomainError('Non è possibile segnalare un problema su un incarico rifiutato.', 'rule');
  const id = randomUUID();
  const reporterRole = who.id === f.shopkeeperId ? 'shopkeeper' : 'collaborator';
  const made = await onReport(
    store,
    id,
    {
      type: 'SubmitReport',
      fields: {
        reportId: id,
        assignmentId: f.assignmentId,
        reportedByUserId: who.id,
        reporterRole,
        shopkeeperId: f.shopkeeperId,
        collaboratorId: f.collaboratorId,
        storeName: f.storeName,
        reportType: body.reportType,
        title: body.title,
        description: body.description,
        severity: body.severity,
      },
      now: ctx.now,
    },
    ctx,
  );
  // The assignment's own flag (hasProblems), as a problem reported on it always set it.
  const flagged = await onAssignment(store, f.assignmentId, { type: 'ReportProblem', byUserId: who.id, description: `Segnalazione: ${body.title}`, now: ctx.now }, ctx);
  return { id, position: later(made.position, flagged.position) };
}

async function reportState(store: EventStore, id: string): Promise<ReportState> {
  const { state } = await loadState(store, reportStreamId(id), reportDecider);
  if (!state.exists || !state.fields) throw new DomainError(reportNotFound, 'not-found');
  return state;
}

export async function investigateReport({ store }: Pick<Deps, 'store'>, id: string, adminId: string, ctx: CommandContext): Promise<Position | null> {
  await reportState(store, id);
  return (await onReport(store, id, { type: 'StartInvestigation', adminUserId: adminId, now: ctx.now }, ctx)).position;
}

export async function closeReport({ store }: Pick<Deps, 'store'>, id: string, adminId: string, adminResponse: string | null, ctx: CommandContext): Promise<Position | null> {
  await reportState(store, id);
  return (await onReport(store, id, { type: 'CloseReport', adminUserId: adminId, adminResponse, now: ctx.now }, ctx)).position;
}

export const noOnlinePayment = 'Questo incarico non è stato pagato online: non c’è un pagamento da rimborsare. Risolvi la segnalazione senza rimborso.';

/**
 * The payment the shopkeeper made for the assignment through the payments ([10]): the purchase of
 * the collaboration package its request unlocked, or a collaboration payment naming it. Null for a
 * direct assignment (paid between the parties) or one unlocked free of charge.
 */
export async function paymentOfAssignment(store: EventStore, db: ReadDb, assignmentId: string, unlockId: string | null): Promise<string | null> {
  if (unlockId) {
    const { state } = await loadState(store, unlockStreamId(unlockId), unlockDecider);
    if (state.paymentId) return state.paymentId;
  }
  return collaborationPaymentOf(db, assignmentId);
}

/**
 * The admin resolves the report: the answer and what was done recorded, and, with a refund, that
 * part of the assignment's payment given back to its payer through the payments' `refundPart`,
 * keyed by the report, so a retried resolution never pays twice (the provider is asked again with
 * the same key while it has not confirmed). Refused, in Italian, when there is no online payment
 * or the amount is more than what can still be refunded of it.
 */
export async function resolveReport(deps: Deps, id: string, adminId: string, body: ResolutionBody, ctx: CommandContext): Promise<Position | null> {
  const { store, db } = deps;
  const state = await reportState(store, id);
  let refund: { paymentId: string; amountCents: number } | null = null;
  const amountCents = body.refundAmount ?? 0;
  if (state.status !== 'resolved' && amountCents > 0) {
    const assignment = await assignmentFor(store, state.fields!.assignmentId, { id: adminId, role: 'admin' });
    const paymentId = await paymentOfAssignment(store, db, assignment.fields.assignmentId, assignment.fields.unlockId);
    if (!paymentId) throw new DomainError(noOnlinePayment, 'rule', { refundAmount: 'Nessun pagamento online da rimborsare.' });
    const { state: payment } = await loadState(store, paymentStreamId(paymentId), paymentDecider);
    if (!payment.exists || (payment.status !== 'completed' && payment.status !== 'refunded'))
      throw new DomainError(noOnlinePayment, 'rule', { refundAmount: 'Nessun pagamento online da rimborsare.' });
    const left = refundableCents(payment);
    if (amountCents > left) {
      const message =
        left > 0
          ? `Il rimborso di ${formatCents(amountCents)} supera quanto si può ancora rimborsare del pagamento dell’incarico (${formatCents(left)}).`
          : 'Il pagamento dell’incarico è già stato rimborsato per intero: non resta nulla da rimborsare.';
      throw new DomainError(message, 'rule', { refundAmount: message });
    }
    refund = { paymentId, amountCents };
  }
  const resolved = await onReport(
    store,
    id,
    { type: 'ResolveReport', adminUserId: adminId, adminResponse: body.adminResponse, resolutionAction: body.resolutionAction, refund, now: ctx.now },
    ctx,
  );
  const recorded = resolved.state.refund;
  if (!recorded) return resolved.position;
  // Asked once the resolution is recorded, and again on every retry of it: the same key, one refund.
  const paid = await refundPart(
    deps,
    recorded.paymentId,
    { refundKey: recorded.refundKey, amountCents: recorded.amountCents, reason: `Segnalazione risolta: ${resolved.state.fields!.title}` },
    ctx,
  );
  return later(resolved.position, paid);
}
