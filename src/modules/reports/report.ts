import type { Decider, DomainEvent } from '../../platform/domain/decider.js';
import { DomainError } from '../../platform/domain/errors.js';
import { isWholeCents, type Cents } from '../../platform/domain/money.js';
import { MAX_ACTION, MAX_DESCRIPTION, MAX_RESPONSE, MAX_TITLE, reportStatusLabels, reportTypes, severities, type ReportStatus, type ReportType, type Severity } from './labels.js';

/* A collaboration report (issue [14]): one side of an assignment reports a problem; an admin investigates it, resolves it (with a refund, maybe) or closes it. Pure; time comes with each command. */

export const reportStreamId = (id: string): string => `report-${id}`;
export const reportNotFound = 'Segnalazione non trovata.';
/** The key of a report's refund at the payments: one per report, so a retried resolution never pays twice. */
export const reportRefundKey = (id: string): string => `report-${id}`;

export interface ReportFields {
  reportId: string;
  assignmentId: string;
  reportedByUserId: string;
  /** Which side reported it. */
  reporterRole: 'shopkeeper' | 'collaborator';
  /** The assignment's parties, both told of the admin's answers. */
  shopkeeperId: string;
  collaboratorId: string;
  storeName: string;
  reportType: ReportType;
  title: string;
  description: string;
  severity: Severity;
}

/** What the parties are told: both of them, on every step of the admin. */
interface Parties {
  shopkeeperId: string;
  collaboratorId: string;
  reportTitle: string;
}

export type ReportCommand =
  | { type: 'SubmitReport'; fields: ReportFields; now: Date }
  | { type: 'StartInvestigation'; adminUserId: string; now: Date }
  /** `refund`: the part of the assignment's payment to give back to the payer, with the payment it comes from. */
  | { type: 'ResolveReport'; adminUserId: string; adminResponse: string; resolutionAction: string; refund: { paymentId: string; amountCents: Cents } | null; now: Date }
  | { type: 'CloseReport'; adminUserId: string; adminResponse: string | null; now: Date };

export type ReportEvent =
  | DomainEvent<'ReportSubmitted', ReportFields & { submittedAt: string }>
  | DomainEvent<'ReportInvestigationStarted', Parties & { adminUserId: string; startedAt: string }>
  | DomainEvent<
      'ReportResolved',
      Parties & {
        adminUserId: string;
        adminResponse: string;
        resolutionAction: string;
        refund: { paymentId: string; amountCents: Cents; refundKey: string } | null;
        resolvedAt: string;
      }
    >
  | DomainEvent<'ReportClosed', Parties & { adminUserId: string; adminResponse: string | null; closedAt: string }>;

export interface ReportState {
  exists: boolean;
  fields: ReportFields | null;
  status: ReportStatus;
  adminResponse: string | null;
  resolutionAction: string | null;
  refund: { paymentId: string; amountCents: Cents; refundKey: string } | null;
}

function refuse(message: string, field?: string): never {
  throw new DomainError(message, 'rule', field ? { [field]: message } : undefined);
}

const text = (value: string, what: string, max: number, field: string): string => {
  const t = value.trim();
  if (!t || t.length > max) refuse(`${what}: obbligatorio, al massimo ${max} caratteri.`, field);
  return t;
};

const notNow = (status: ReportStatus, what: string) => new DomainError(`La segnalazione è ${reportStatusLabels[status].toLowerCase()}: non si può ${what}.`, 'conflict');

/**
 * open → investigating → resolved (the admin's answer, what was done and maybe a refund) | closed
 * (from any state but closed: dismissed, or done after its resolution). Each step asked again in
 * the state it leads to changes nothing (a retried request), so a resolution is recorded, and its
 * refund asked, once.
 */
export const reportDecider: Decider<ReportCommand, ReportEvent, ReportState> = {
  initialState: { exists: false, fields: null, status: 'open', adminResponse: null, resolutionAction: null, refund: null },

  decide(command, state) {
    const at = command.now.toISOString();
    if (command.type === 'SubmitReport') {
      if (state.exists) return [];
      const f = command.fields;
      if (!(reportTypes as readonly string[]).includes(f.reportType)) refuse('Tipo di segnalazione non valido.', 'reportType');
      if (!(severities as readonly string[]).includes(f.severity)) refuse('Gravità: low, medium, high o critical.', 'severity');
      const fields = { ...f, title: text(f.title, 'Titolo', MAX_TITLE, 'title'), description: text(f.description, 'Descrizione', MAX_DESCRIPTION, 'description') };
      return [{ type: 'ReportSubmitted', data: { ...fields, submittedAt: at } }];
    }
    if (!state.exists || !state.fields) throw new DomainError(reportNotFound, 'not-found');
    const parties: Parties = { shopkeeperId: state.fields.shopkeeperId, collaboratorId: state.fields.collaboratorId, reportTitle: state.fields.title };
    switch (command.type) {
      case 'StartInvestigation':
        if (state.status === 'investigating') return [];
        if (state.status !== 'open') throw notNow(state.status, 'prendere in verifica');
        return [{ type: 'ReportInvestigationStarted', data: { ...parties, adminUserId: command.adminUserId, startedAt: at } }];
      case 'ResolveReport': {
        if (state.status === 'resolved') return [];
        if (state.status !== 'investigating') {
          throw state.status === 'open' ? new DomainError('Prima di risolverla, prendi in verifica la segnalazione.', 'conflict') : notNow(state.status, 'risolvere');
        }
        const adminResponse = text(command.adminResponse, 'Risposta', MAX_RESPONSE, 'adminResponse');
        const resolutionAction = text(command.resolutionAction, 'Azione risolutiva', MAX_ACTION, 'resolutionAction');
        const refund = command.refund;
        if (refund && (!isWholeCents(refund.amountCents) || refund.amountCents <= 0)) refuse('Rimborso: un importo maggiore di zero, in centesimi interi.', 'refundAmount');
        return [
          {
            type: 'ReportResolved',
            data: {
              ...parties,
              adminUserId: command.adminUserId,
              adminResponse,
              resolutionAction,
              refund: refund ? { ...refund, refundKey: reportRefundKey(state.fields.reportId) } : null,
              resolvedAt: at,
            },
          },
        ];
      }
      case 'CloseReport': {
        if (state.status === 'closed') return [];
        const adminResponse = command.adminResponse?.trim() ? text(command.adminResponse, 'Risposta', MAX_RESPONSE, 'adminResponse') : null;
        return [{ type: 'ReportClosed', data: { ...parties, adminUserId: command.adminUserId, adminResponse, closedAt: at } }];
      }
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'ReportSubmitted': {
        const { submittedAt: _at, ...fields } = event.data;
        return { ...state, exists: true, fields, status: 'open' };
      }
      case 'ReportInvestigationStarted':
        return { ...state, status: 'investigating' };
      case 'ReportResolved':
        return { ...state, status: 'resolved', adminResponse: event.data.adminResponse, resolutionAction: event.data.resolutionAction, refund: event.data.refund };
      case 'ReportClosed':
        return { ...state, status: 'closed', adminResponse: event.data.adminResponse ?? state.adminResponse };
      default:
        return state;
    }
  },
};
