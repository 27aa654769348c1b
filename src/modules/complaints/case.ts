import type { Decider, DomainEvent } from '../../platform/domain/decider.js';
import { DomainError } from '../../platform/domain/errors.js';
import { checkAmount, checkInteger } from '../../platform/domain/limits.js';
import type { Cents } from '../../platform/domain/money.js';
import {
  APPEAL_WINDOW_MS,
  caseNotFound,
  FIRST_RESPONSE_MS,
  MAX_COMPENSATION_CENTS,
  MAX_COMPENSATION_CREDITS,
  MAX_EVIDENCE,
  RESPONDENT_WINDOW_MS,
  type CaseKind,
  type CaseStatus,
  type CaseType,
  type CompensationMethod,
  type CompensationStatus,
  type PartyType,
  type Severity,
  type Urgency,
} from './labels.js';

/*
 * A case (issue [14]): a complaint on a collaboration session or a customer's dispute on an order.
 * Every message, file, decision and payment is an event of its stream; pure, time comes with each
 * command.
 *
 * submitted → under_review (an admin takes it) → investigating (the other party is asked to answer
 * within 3 days) → resolved (with a compensation: none → pending → approved → paid) or rejected;
 * the complainant may appeal once within 7 days of the decision (→ appealed), and the case is
 * reviewed again by another admin, whose decision is final.
 */

export const caseStreamId = (id: string): string => `complaint-${id}`;

export interface Party {
  userId: string;
  type: PartyType;
  name: string;
}

export interface Witness {
  name: string;
  contact: string;
}

export interface CaseFields {
  caseId: string;
  kind: CaseKind;
  /** A complaint's session and assignment; a dispute's order. The shop either way. */
  sessionId: string | null;
  assignmentId: string | null;
  orderId: string | null;
  storeId: string;
  storeName: string;
  complainant: Party;
  respondent: Party;
  complaintType: CaseType;
  title: string;
  description: string;
  severity: Severity;
  urgency: Urgency;
  witnessContacts: Witness[];
  /** The online payment the complainant made for what the case is about: what a refund refunds. */
  paymentId: string | null;
  paymentAmountCents: Cents;
}

export interface EvidenceFile {
  fileId: string;
  name: string;
  contentType: string;
  sizeBytes: number;
  sha256: string;
}

export interface Actor {
  userId: string;
  role: 'admin' | PartyType;
}

export interface Compensation {
  method: CompensationMethod;
  amountCents: Cents;
  credits: number;
}

export type CaseCommand =
  | { type: 'FileCase'; fields: CaseFields; now: Date }
  | { type: 'AddEvidence'; by: Actor; file: EvidenceFile; now: Date }
  | { type: 'PostMessage'; by: Actor; text: string; internal: boolean; now: Date }
  | { type: 'TakeCase'; adminId: string; now: Date }
  | { type: 'AskRespondent'; adminId: string; question: string; now: Date }
  | { type: 'Respond'; userId: string; text: string; now: Date }
  | { type: 'NoteRespondentLate'; now: Date }
  | { type: 'ResolveCase'; adminId: string; adminResponse: string; resolutionAction: string; compensation: Compensation | null; now: Date }
  | { type: 'RejectCase'; adminId: string; reason: string; now: Date }
  | { type: 'ApproveCompensation'; adminId: string; now: Date }
  | { type: 'RecordCompensationPaid'; reference: string; now: Date }
  | { type: 'Appeal'; userId: string; reason: string; now: Date };

/** Who the case concerns, carried by each event after the first so readers need no lookup. */
export interface CaseRef {
  complainantId: string;
  respondentId: string;
}

export type CaseEvent =
  | DomainEvent<'CaseFiled', CaseFields & { submittedAt: string; firstResponseDueAt: string }>
  | DomainEvent<'CaseEvidenceAdded', CaseRef & EvidenceFile & { byUserId: string; byRole: Actor['role']; addedAt: string }>
  | DomainEvent<'CaseMessagePosted', CaseRef & { byUserId: string; byRole: Actor['role']; text: string; internal: boolean; postedAt: string }>
  | DomainEvent<'CaseTaken', CaseRef & { adminId: string; round: number; reviewStartedAt: string; firstResponseLate: boolean }>
  | DomainEvent<'CaseRespondentAsked', CaseRef & { adminId: string; question: string; askedAt: string; answerBy: string }>
  | DomainEvent<'CaseRespondentAnswered', CaseRef & { text: string; answeredAt: string }>
  | DomainEvent<'CaseRespondentLate', CaseRef & { answerBy: string; notedAt: string }>
  | DomainEvent<
      'CaseResolved',
      CaseRef & {
        adminId: string;
        round: number;
        adminResponse: string;
        resolutionAction: string;
        compensation: Compensation | null;
        compensationStatus: CompensationStatus;
        resolvedAt: string;
        appealBy: string | null;
        respondentAsked: boolean;
      }
    >
  | DomainEvent<'CaseRejected', CaseRef & { adminId: string; round: number; reason: string; rejectedAt: string; appealBy: string | null }>
  | DomainEvent<'CaseCompensationApproved', CaseRef & { adminId: string; compensation: Compensation; approvedAt: string }>
  | DomainEvent<'CaseCompensationPaid', CaseRef & { compensation: Compensation; reference: string; paidAt: string }>
  | DomainEvent<'CaseAppealed', CaseRef & { reason: string; appealedAt: string; firstResponseDueAt: string; respondentAsked: boolean }>;

export interface CaseState {
  exists: boolean;
  fields: CaseFields | null;
  status: CaseStatus;
  round: number;
  assignedAdminId: string | null;
  /** The admin who decided the first round: the appeal goes to another. */
  firstDeciderId: string | null;
  respondentAskedAt: string | null;
  answerBy: string | null;
  answeredAt: string | null;
  respondentLateNoted: boolean;
  decidedAt: string | null;
  compensation: Compensation | null;
  compensationStatus: CompensationStatus;
  evidence: number;
  /** The SLA's time for an admin's first response in this round (filing, or the appeal). */
  responseDueAt: string | null;
}

const initialState: CaseState = {
  exists: false,
  fields: null,
  status: 'submitted',
  round: 1,
  assignedAdminId: null,
  firstDeciderId: null,
  respondentAskedAt: null,
  answerBy: null,
  answeredAt: null,
  respondentLateNoted: false,
  decidedAt: null,
  compensation: null,
  compensationStatus: 'none',
  evidence: 0,
  responseDueAt: null,
};

const isDecided = (s: CaseStatus) => s === 'resolved' || s === 'rejected';
const inAdminHands = (s: CaseStatus) => s === 'under_review' || s === 'investigating';

/** Whether a party may still add to the case: until it is decided (and again while appealed). */
const openToParties = (s: CaseStatus) => !isDecided(s);

function mustExist(state: CaseState): asserts state is CaseState & { fields: CaseFields } {
  if (!state.exists || !state.fields) throw new DomainError(caseNotFound, 'not-found');
}

function mustBeAssigned(state: CaseState, adminId: string): void {
  if (!inAdminHands(state.status)) {
    throw new DomainError(state.status === 'submitted' || state.status === 'appealed' ? 'Prendi in carico il caso prima di procedere.' : 'Il caso è già stato deciso.', 'conflict');
  }
  if (state.assignedAdminId !== adminId) throw new DomainError('Il caso è in carico a un altro amministratore: prendilo in carico tu per procedere.', 'conflict');
}

export const caseDecider: Decider<CaseCommand, CaseEvent, CaseState> = {
  initialState,
  decide(command, state) {
    if (command.type === 'FileCase') {
      if (state.exists) return [];
      const now = command.now;
      return [
        {
          type: 'CaseFiled',
          data: { ...command.fields, submittedAt: now.toISOString(), firstResponseDueAt: new Date(now.getTime() + FIRST_RESPONSE_MS[command.fields.urgency]).toISOString() },
        },
      ];
    }
    mustExist(state);
    const f = state.fields;
    const ref: CaseRef = { complainantId: f.complainant.userId, respondentId: f.respondent.userId };
    const now = command.now;
    const at = now.toISOString();
    const isParty = (userId: string) => userId === f.complainant.userId || userId === f.respondent.userId;
    switch (command.type) {
      case 'AddEvidence': {
        const { by } = command;
        if (by.role !== 'admin') {
          if (!isParty(by.userId)) throw new DomainError(caseNotFound, 'not-found');
          if (!openToParties(state.status)) throw new DomainError('Il caso è già stato deciso: non si possono aggiungere file.', 'conflict');
        }
        checkInteger('file', 'Dimensione del file (byte)', command.file.sizeBytes, { min: 0, max: 2 ** 31 - 1 });
        if (state.evidence >= MAX_EVIDENCE) throw new DomainError(`Al massimo ${MAX_EVIDENCE} file per caso.`, 'rule');
        return [{ type: 'CaseEvidenceAdded', data: { ...ref, ...command.file, byUserId: by.userId, byRole: by.role, addedAt: at } }];
      }
      case 'PostMessage': {
        const { by } = command;
        if (by.role !== 'admin') {
          if (!isParty(by.userId)) throw new DomainError(caseNotFound, 'not-found');
          if (command.internal) throw new DomainError('Solo gli amministratori scrivono note interne.', 'forbidden');
          if (!openToParties(state.status)) throw new DomainError('Il caso è già stato deciso: per contestare la decisione presenta ricorso.', 'conflict');
        }
        return [{ type: 'CaseMessagePosted', data: { ...ref, byUserId: by.userId, byRole: by.role, text: command.text, internal: command.internal, postedAt: at } }];
      }
      case 'TakeCase': {
        if (isDecided(state.status)) throw new DomainError('Il caso è già stato deciso.', 'conflict');
        if (state.assignedAdminId === command.adminId && inAdminHands(state.status)) return [];
        if (state.round === 2 && command.adminId === state.firstDeciderId) {
          throw new DomainError('Il ricorso va esaminato da un amministratore diverso da chi ha preso la prima decisione.', 'forbidden');
        }
        const opened = state.status === 'submitted' || state.status === 'appealed';
        return [
          {
            type: 'CaseTaken',
            data: {
              ...ref,
              adminId: command.adminId,
              round: state.round,
              reviewStartedAt: at,
              firstResponseLate: opened && !!state.responseDueAt && now.getTime() > Date.parse(state.responseDueAt),
            },
          },
        ];
      }
      case 'AskRespondent': {
        mustBeAssigned(state, command.adminId);
        return [
          {
            type: 'CaseRespondentAsked',
            data: { ...ref, adminId: command.adminId, question: command.question, askedAt: at, answerBy: new Date(now.getTime() + RESPONDENT_WINDOW_MS).toISOString() },
          },
        ];
      }
      case 'Respond': {
        if (command.userId !== f.respondent.userId || !state.respondentAskedAt) throw new DomainError(caseNotFound, 'not-found');
        if (state.status !== 'investigating') throw new DomainError('Il caso non attende più la tua risposta.', 'conflict');
        return [{ type: 'CaseRespondentAnswered', data: { ...ref, text: command.text, answeredAt: at } }];
      }
      case 'NoteRespondentLate': {
        if (state.status !== 'investigating' || state.answeredAt || state.respondentLateNoted || !state.answerBy || Date.parse(state.answerBy) > now.getTime()) return [];
        return [{ type: 'CaseRespondentLate', data: { ...ref, answerBy: state.answerBy, notedAt: at } }];
      }
      case 'ResolveCase': {
        mustBeAssigned(state, command.adminId);
        let compensation = command.compensation;
        if (compensation) {
          // Whole cents and credits only (issue [16]): a fraction of a cent would stop the complaints' read model.
          checkAmount('compensationAmount', 'Importo dell’indennizzo', compensation.amountCents, { max: MAX_COMPENSATION_CENTS });
          checkInteger('compensationCredits', 'Crediti dell’indennizzo', compensation.credits, { min: 0, max: MAX_COMPENSATION_CREDITS });
        }
        if (compensation && compensation.amountCents <= 0 && compensation.credits <= 0) compensation = null;
        if (compensation) {
          if (state.compensationStatus === 'approved' || state.compensationStatus === 'paid') {
            throw new DomainError('Un indennizzo per questo caso è già stato approvato: non se ne può decidere un altro.', 'conflict');
          }
          if (compensation.method === 'refund') {
            if (!f.paymentId)
              throw new DomainError('Non c’è un pagamento online da rimborsare per questo caso: indennizza con crediti AI.', 'rule', { compensation: 'Nessun pagamento online.' });
            if (compensation.amountCents > f.paymentAmountCents)
              throw new DomainError('Il rimborso supera l’importo pagato.', 'rule', { compensationAmount: 'Supera l’importo pagato.' });
          }
          if (compensation.method === 'credits' && f.complainant.type === 'customer') {
            throw new DomainError('I crediti AI sono dei negozianti e dei collaboratori: al cliente si indennizza con un rimborso.', 'rule', {
              compensation: 'Non per i clienti.',
            });
          }
        }
        const kept = !compensation && (state.compensationStatus === 'approved' || state.compensationStatus === 'paid');
        const final = state.round === 2;
        return [
          {
            type: 'CaseResolved',
            data: {
              ...ref,
              adminId: command.adminId,
              round: state.round,
              adminResponse: command.adminResponse,
              resolutionAction: command.resolutionAction,
              compensation: kept ? state.compensation : compensation,
              compensationStatus: kept ? state.compensationStatus : compensation ? 'pending' : 'none',
              resolvedAt: at,
              appealBy: final ? null : new Date(now.getTime() + APPEAL_WINDOW_MS).toISOString(),
              respondentAsked: state.respondentAskedAt !== null,
            },
          },
        ];
      }
      case 'RejectCase': {
        mustBeAssigned(state, command.adminId);
        return [
          {
            type: 'CaseRejected',
            data: {
              ...ref,
              adminId: command.adminId,
              round: state.round,
              reason: command.reason,
              rejectedAt: at,
              appealBy: state.round === 2 ? null : new Date(now.getTime() + APPEAL_WINDOW_MS).toISOString(),
            },
          },
        ];
      }
      case 'ApproveCompensation': {
        if (state.compensationStatus === 'approved' || state.compensationStatus === 'paid') return [];
        if (state.status !== 'resolved' || state.compensationStatus !== 'pending' || !state.compensation) {
          throw new DomainError('Non c’è un indennizzo da approvare per questo caso.', 'conflict');
        }
        return [{ type: 'CaseCompensationApproved', data: { ...ref, adminId: command.adminId, compensation: state.compensation, approvedAt: at } }];
      }
      case 'RecordCompensationPaid': {
        if (state.compensationStatus === 'paid') return [];
        if (state.compensationStatus !== 'approved' || !state.compensation) throw new DomainError('L’indennizzo non è stato approvato.', 'conflict');
        return [{ type: 'CaseCompensationPaid', data: { ...ref, compensation: state.compensation, reference: command.reference, paidAt: at } }];
      }
      case 'Appeal': {
        if (command.userId !== f.complainant.userId)
          throw new DomainError(
            command.userId === f.respondent.userId ? 'Solo chi ha presentato il caso può fare ricorso.' : caseNotFound,
            command.userId === f.respondent.userId ? 'forbidden' : 'not-found',
          );
        if (state.status === 'appealed' || state.round === 2) throw new DomainError('Il ricorso si presenta una volta sola.', 'conflict');
        if (!isDecided(state.status) || !state.decidedAt) throw new DomainError('Si può fare ricorso solo contro una decisione.', 'conflict');
        if (now.getTime() > Date.parse(state.decidedAt) + APPEAL_WINDOW_MS) throw new DomainError('Il termine di 7 giorni per il ricorso è scaduto.', 'rule');
        return [
          {
            type: 'CaseAppealed',
            data: {
              ...ref,
              reason: command.reason,
              appealedAt: at,
              firstResponseDueAt: new Date(now.getTime() + FIRST_RESPONSE_MS[f.urgency]).toISOString(),
              respondentAsked: state.respondentAskedAt !== null,
            },
          },
        ];
      }
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'CaseFiled':
        return { ...state, exists: true, fields: event.data, status: 'submitted', responseDueAt: event.data.firstResponseDueAt };
      case 'CaseEvidenceAdded':
        return { ...state, evidence: state.evidence + 1 };
      case 'CaseMessagePosted':
        return state;
      case 'CaseTaken':
        return { ...state, status: state.status === 'investigating' ? 'investigating' : 'under_review', assignedAdminId: event.data.adminId };
      case 'CaseRespondentAsked':
        return { ...state, status: 'investigating', respondentAskedAt: event.data.askedAt, answerBy: event.data.answerBy, answeredAt: null, respondentLateNoted: false };
      case 'CaseRespondentAnswered':
        return { ...state, answeredAt: state.answeredAt ?? event.data.answeredAt };
      case 'CaseRespondentLate':
        return { ...state, respondentLateNoted: true };
      case 'CaseResolved':
        return {
          ...state,
          status: 'resolved',
          decidedAt: event.data.resolvedAt,
          firstDeciderId: state.round === 1 ? event.data.adminId : state.firstDeciderId,
          compensation: event.data.compensation,
          compensationStatus: event.data.compensationStatus,
        };
      case 'CaseRejected':
        return {
          ...state,
          status: 'rejected',
          decidedAt: event.data.rejectedAt,
          firstDeciderId: state.round === 1 ? event.data.adminId : state.firstDeciderId,
          // A pending compensation of the first round falls with a rejection on appeal.
          compensation: state.compensationStatus === 'pending' ? null : state.compensation,
          compensationStatus: state.compensationStatus === 'pending' ? 'none' : state.compensationStatus,
        };
      case 'CaseCompensationApproved':
        return { ...state, compensationStatus: 'approved' };
      case 'CaseCompensationPaid':
        return { ...state, compensationStatus: 'paid' };
      case 'CaseAppealed':
        return { ...state, status: 'appealed', round: 2, assignedAdminId: null, responseDueAt: event.data.firstResponseDueAt };
    }
  },
};
