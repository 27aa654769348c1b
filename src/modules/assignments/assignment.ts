import type { Decider, DomainEvent } from '../../platform/domain/decider.js';
import { DomainError } from '../../platform/domain/errors.js';
import { checkTime } from '../../platform/domain/limits.js';
import type { Cents } from '../../platform/domain/money.js';
import { accountProviders, isAccountIdOf, type AccountProvider } from '../payments/payment-account.js';
import {
  MAX_DESCRIPTION,
  MAX_PAYMENT_CENTS,
  MAX_REASON,
  permissions as allPermissions,
  priorities,
  type AssignmentOrigin,
  type AssignmentPaymentStatus,
  type AssignmentStatus,
  type Permission,
  type Priority,
} from './labels.js';

/* An assignment: the agreement between a shop and a collaborator (issue [13], spec §3 collaborator_assignments). Pure; time comes with each command. */

export const assignmentStreamId = (id: string): string => `assignment-${id}`;

export const assignmentNotFound = 'Incarico non trovato.';

export interface AssignmentFields {
  assignmentId: string;
  origin: AssignmentOrigin;
  storeId: string;
  storeName: string;
  shopkeeperId: string;
  collaboratorId: string;
  collaboratorName: string;
  /** From a purchased unlock (issue [12]): its request, unlock and package. */
  requestId: string | null;
  unlockId: string | null;
  packageId: string | null;
  description: string;
  priority: Priority;
  /** What the shop pays; what the collaborator earns of it; the site's commission. */
  paymentAmountCents: Cents;
  compensationCents: Cents;
  siteCommissionCents: Cents;
  /** AI credits the collaborator earns when it completes. */
  creditsEarned: number;
  permissions: Permission[];
  dueDate: string | null;
}

/**
 * A direct assignment's fields: the shop's own, to a collaborator it chose, with the money agreed
 * between them (no commission) and no request, unlock or package. By default of medium priority,
 * unpaid, on the catalogue, with no due date.
 */
export function directAssignmentFields(
  assignmentId: string,
  { store, shopkeeperId, collaborator }: { store: { id: string; name: string }; shopkeeperId: string; collaborator: { id: string; name: string } },
  terms: { description: string; priority?: Priority; paymentCents?: Cents; credits?: number; permissions?: Permission[]; dueDate?: string | null },
): AssignmentFields {
  return {
    assignmentId,
    origin: 'direct',
    storeId: store.id,
    storeName: store.name,
    shopkeeperId,
    collaboratorId: collaborator.id,
    collaboratorName: collaborator.name,
    requestId: null,
    unlockId: null,
    packageId: null,
    description: terms.description,
    priority: terms.priority ?? 'medium',
    paymentAmountCents: terms.paymentCents ?? 0,
    compensationCents: terms.paymentCents ?? 0,
    siteCommissionCents: 0,
    creditsEarned: terms.credits ?? 0,
    permissions: terms.permissions ?? ['products'],
    dueDate: terms.dueDate ?? null,
  };
}

export type AssignmentCommand =
  | { type: 'CreateAssignment'; fields: AssignmentFields; now: Date }
  | { type: 'AcceptAssignment'; collaboratorId: string; now: Date }
  | { type: 'RejectAssignment'; collaboratorId: string; reason: string; now: Date }
  /** The collaborator starts it, or its first session is activated. */
  | { type: 'StartAssignment'; now: Date }
  /** The shopkeeper (or an admin) confirms it done, or its last session closes with the shopkeeper's code. */
  | { type: 'CompleteAssignment'; now: Date }
  | { type: 'CancelAssignment'; by: 'shopkeeper' | 'admin'; reason: string; now: Date }
  | { type: 'ReportProblem'; byUserId: string; description: string; now: Date }
  /**
   * The collaborator's compensation paid: by an admin's payout (a transfer to the collaborator's
   * payment account, issue [20], or by hand), or by the shopkeeper for a direct assignment.
   */
  | { type: 'MarkPaid'; byUserId: string; now: Date; transfer?: PayoutTransferMade | null }
  /**
   * The provider refused the transfer of attempt `attempt` for good (the platform's balance short,
   * the account unable to receive): nothing moved, and the next attempt goes under a new key (a
   * provider answers a key it refused with the same refusal).
   */
  | { type: 'RecordPayoutRefusal'; attempt: number; provider: AccountProvider; reason: string; now: Date };

/** The provider's transfer of the compensation to the collaborator's connected account. */
export interface PayoutTransferMade {
  provider: AccountProvider;
  accountId: string;
  transferId: string;
}
/** The transfer as the event keeps it: whose account it went to, for the collaborator's ledger. */
export interface PayoutTransfer extends PayoutTransferMade {
  collaboratorId: string;
}

export type AssignmentEvent =
  | DomainEvent<'AssignmentCreated', AssignmentFields & { status: 'pending' | 'accepted'; assignedAt: string }>
  | DomainEvent<'AssignmentAccepted', { acceptedAt: string }>
  | DomainEvent<'AssignmentRejected', { reason: string; rejectedAt: string }>
  | DomainEvent<'AssignmentStarted', { startedAt: string }>
  | DomainEvent<'AssignmentCompleted', { completedAt: string; compensationCents: Cents; creditsEarned: number; collaboratorId: string; storeId: string }>
  | DomainEvent<'AssignmentCancelled', { by: 'shopkeeper' | 'admin'; reason: string; cancelledAt: string }>
  | DomainEvent<'AssignmentProblemReported', { byUserId: string; description: string; reportedAt: string }>
  /** `transfer`: paid by a transfer to the collaborator's account (issue [20]); absent or null, paid by hand. */
  | DomainEvent<'AssignmentPaid', { byUserId: string; paidAt: string; compensationCents: Cents; transfer?: PayoutTransfer | null }>
  | DomainEvent<'AssignmentPayoutRefused', { attempt: number; provider: AccountProvider; reason: string; refusedAt: string }>;

export interface AssignmentState {
  exists: boolean;
  fields: AssignmentFields | null;
  status: AssignmentStatus;
  paymentStatus: AssignmentPaymentStatus;
  hasProblems: boolean;
  /** The transfers the provider refused so far: the next attempt's number (its key). */
  payoutRefusals?: number;
}

const transferIdPattern = /^[A-Za-z0-9_-]{1,120}$/;

const terminal: readonly AssignmentStatus[] = ['completed', 'cancelled', 'rejected'];
export const isOpenAssignment = (status: AssignmentStatus): boolean => !terminal.includes(status);

function refuse(message: string, field?: string): never {
  throw new DomainError(message, 'rule', field ? { [field]: message } : undefined);
}

function checkFields(f: AssignmentFields): void {
  if (!f.description.trim() || f.description.length > MAX_DESCRIPTION) refuse(`Descrizione: obbligatoria, al massimo ${MAX_DESCRIPTION} caratteri.`, 'description');
  if (!(priorities as readonly string[]).includes(f.priority)) refuse('Priorità: low, medium, high o urgent.', 'priority');
  for (const [field, cents] of [
    ['paymentAmount', f.paymentAmountCents],
    ['compensation', f.compensationCents],
    ['siteCommission', f.siteCommissionCents],
  ] as const) {
    if (!Number.isSafeInteger(cents) || cents < 0 || cents > MAX_PAYMENT_CENTS) refuse('Importo fuori dai limiti.', field);
  }
  if (f.compensationCents + f.siteCommissionCents > f.paymentAmountCents) refuse('Il compenso e la commissione superano il pagamento.', 'paymentAmount');
  if (!Number.isSafeInteger(f.creditsEarned) || f.creditsEarned < 0 || f.creditsEarned > 1_000_000) refuse('Crediti: fuori dai limiti.', 'creditsEarned');
  if (new Set(f.permissions).size !== f.permissions.length || f.permissions.some((p) => !(allPermissions as readonly string[]).includes(p)))
    refuse('Permessi: products, orders o ai, ognuno una volta.', 'permissions');
  if (f.shopkeeperId === f.collaboratorId) refuse('Un negoziante non può affidare un incarico a sé stesso.', 'collaboratorId');
}

const text = (value: string, what: string, field: string): string => {
  const t = value.trim();
  if (!t || t.length > MAX_REASON) refuse(`${what}: obbligatorio, al massimo ${MAX_REASON} caratteri.`, field);
  return t;
};

function existing(state: AssignmentState): AssignmentFields {
  if (!state.exists || !state.fields) throw new DomainError(assignmentNotFound, 'not-found');
  return state.fields;
}

const statusNames: Record<AssignmentStatus, string> = {
  pending: 'in attesa di risposta',
  accepted: 'accettato',
  in_progress: 'in corso',
  completed: 'completato',
  cancelled: 'annullato',
  rejected: 'rifiutato',
};
const notNow = (state: AssignmentState, what: string) => new DomainError(`Non è possibile ${what} un incarico ${statusNames[state.status]}.`, 'rule');

/**
 * pending (a direct assignment, until the collaborator answers) | accepted (from a purchased
 * unlock: the collaborator accepted the request) → in_progress (started, or its first session
 * activated) → completed (the shopkeeper's word, or the closure code of its last session) |
 * cancelled; a pending one may be rejected. Completed, it pays the collaborator's compensation
 * (pending until paid out) and the credits it earns.
 */
export const assignmentDecider: Decider<AssignmentCommand, AssignmentEvent, AssignmentState> = {
  initialState: { exists: false, fields: null, status: 'pending', paymentStatus: 'pending', hasProblems: false },

  decide(command, state) {
    const at = command.now.toISOString();
    if (command.type === 'CreateAssignment') {
      if (state.exists) return [];
      checkFields(command.fields);
      if (command.fields.dueDate !== null) checkTime('dueDate', 'Scadenza', command.fields.dueDate);
      if (command.fields.dueDate && new Date(command.fields.dueDate).getTime() <= command.now.getTime()) refuse('Scadenza: deve essere nel futuro.', 'dueDate');
      return [{ type: 'AssignmentCreated', data: { ...command.fields, status: command.fields.origin === 'unlock' ? 'accepted' : 'pending', assignedAt: at } }];
    }
    const f = existing(state);
    switch (command.type) {
      case 'AcceptAssignment':
        if (command.collaboratorId !== f.collaboratorId) throw new DomainError(assignmentNotFound, 'not-found');
        if (state.status === 'accepted') return [];
        if (state.status !== 'pending') throw notNow(state, 'accettare');
        return [{ type: 'AssignmentAccepted', data: { acceptedAt: at } }];
      case 'RejectAssignment':
        if (command.collaboratorId !== f.collaboratorId) throw new DomainError(assignmentNotFound, 'not-found');
        if (state.status !== 'pending') throw notNow(state, 'rifiutare');
        return [{ type: 'AssignmentRejected', data: { reason: text(command.reason, 'Motivo', 'reason'), rejectedAt: at } }];
      case 'StartAssignment':
        if (state.status === 'in_progress') return [];
        if (state.status !== 'accepted') throw notNow(state, 'iniziare');
        return [{ type: 'AssignmentStarted', data: { startedAt: at } }];
      case 'CompleteAssignment':
        if (state.status === 'completed') return [];
        if (state.status !== 'accepted' && state.status !== 'in_progress') throw notNow(state, 'completare');
        return [
          ...(state.status === 'accepted' ? [{ type: 'AssignmentStarted' as const, data: { startedAt: at } }] : []),
          {
            type: 'AssignmentCompleted',
            data: { completedAt: at, compensationCents: f.compensationCents, creditsEarned: f.creditsEarned, collaboratorId: f.collaboratorId, storeId: f.storeId },
          },
        ];
      case 'CancelAssignment': {
        if (state.status === 'cancelled') return [];
        const allowed = command.by === 'admin' ? isOpenAssignment(state.status) : state.status === 'pending' || state.status === 'accepted';
        if (!allowed) {
          throw state.status === 'in_progress' && command.by === 'shopkeeper'
            ? new DomainError('L’incarico è già in corso: per annullarlo segnala un problema o contatta l’assistenza.', 'rule')
            : notNow(state, 'annullare');
        }
        return [{ type: 'AssignmentCancelled', data: { by: command.by, reason: text(command.reason, 'Motivo', 'reason'), cancelledAt: at } }];
      }
      case 'ReportProblem':
        if (state.status === 'rejected') throw notNow(state, 'segnalare un problema su');
        return [
          {
            type: 'AssignmentProblemReported',
            data: { byUserId: command.byUserId, description: text(command.description, 'Descrizione del problema', 'description'), reportedAt: at },
          },
        ];
      case 'MarkPaid':
        if (state.paymentStatus === 'paid') return [];
        if (state.status !== 'completed') refuse('Il compenso si paga quando l’incarico è completato.');
        if (state.paymentStatus !== 'pending') refuse('Il compenso di questo incarico non è da pagare.');
        if (command.transfer) {
          const { provider, accountId, transferId } = command.transfer;
          if (!isAccountIdOf(provider, accountId) || !transferIdPattern.test(transferId))
            throw new DomainError('Il fornitore dei pagamenti ha indicato un trasferimento non leggibile.', 'invalid');
          if (f.compensationCents === 0) refuse('Un compenso di zero euro non si trasferisce: segnalo pagato.');
          const transfer = { provider, accountId, transferId, collaboratorId: f.collaboratorId };
          return [{ type: 'AssignmentPaid', data: { byUserId: command.byUserId, paidAt: at, compensationCents: f.compensationCents, transfer } }];
        }
        return [{ type: 'AssignmentPaid', data: { byUserId: command.byUserId, paidAt: at, compensationCents: f.compensationCents } }];
      case 'RecordPayoutRefusal': {
        // Told already (two admins refused at once), or paid meanwhile: nothing to add.
        if (state.paymentStatus !== 'pending' || command.attempt !== (state.payoutRefusals ?? 0)) return [];
        const reason = command.reason.trim().slice(0, MAX_REASON);
        if (!reason) refuse('Motivo: obbligatorio.', 'reason');
        if (!(accountProviders as readonly string[]).includes(command.provider) || !Number.isSafeInteger(command.attempt)) refuse('Fornitore dei pagamenti non valido.');
        return [{ type: 'AssignmentPayoutRefused', data: { attempt: command.attempt, provider: command.provider, reason, refusedAt: at } }];
      }
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'AssignmentCreated': {
        const { status, assignedAt: _at, ...fields } = event.data;
        return { ...state, exists: true, fields, status };
      }
      case 'AssignmentAccepted':
        return { ...state, status: 'accepted' };
      case 'AssignmentRejected':
        return { ...state, status: 'rejected', paymentStatus: 'cancelled' };
      case 'AssignmentStarted':
        return { ...state, status: 'in_progress' };
      case 'AssignmentCompleted':
        return { ...state, status: 'completed' };
      case 'AssignmentCancelled':
        return { ...state, status: 'cancelled', paymentStatus: 'cancelled' };
      case 'AssignmentProblemReported':
        return { ...state, hasProblems: true };
      case 'AssignmentPaid':
        return { ...state, paymentStatus: 'paid' };
      case 'AssignmentPayoutRefused':
        return { ...state, payoutRefusals: event.data.attempt + 1 };
      default:
        return state;
    }
  },
};

/** The unlock's money split: what the collaborator earns of the price, and the site's commission. */
export function splitPayment(priceCents: Cents, commissionPercentage: number, compensationCents: Cents | null): { compensationCents: Cents; siteCommissionCents: Cents } {
  const compensation = compensationCents ?? Math.round((priceCents * (100 - commissionPercentage)) / 100);
  const clamped = Math.max(0, Math.min(priceCents, compensation));
  return { compensationCents: clamped, siteCommissionCents: priceCents - clamped };
}
