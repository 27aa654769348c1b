/* Complaints and order disputes (issue [14], spec §3 collaboration_complaints, §4 complaint states): the words both sides and the web share. Pure. */

import { roleLabels } from '../users/labels.js';

/** A complaint is on a collaboration session; a dispute on an order. Both are handled as one kind of case. */
export const caseKinds = ['complaint', 'dispute'] as const;
export type CaseKind = (typeof caseKinds)[number];

export const complaintTypes = ['quality_issue', 'behavior_problem', 'payment_dispute', 'security_breach', 'communication_issue', 'time_violation', 'other'] as const;
/** What a customer disputes about an order. */
export const disputeTypes = ['not_received', 'wrong_items', 'damaged'] as const;
export const caseTypes = [...complaintTypes, ...disputeTypes] as const;
export type CaseType = (typeof caseTypes)[number];

export const severities = ['low', 'medium', 'high', 'critical'] as const;
export type Severity = (typeof severities)[number];

export const urgencies = ['low', 'normal', 'high', 'immediate'] as const;
export type Urgency = (typeof urgencies)[number];

export const caseStatuses = ['submitted', 'under_review', 'investigating', 'resolved', 'rejected', 'appealed'] as const;
export type CaseStatus = (typeof caseStatuses)[number];

export const compensationStatuses = ['none', 'pending', 'approved', 'paid'] as const;
export type CompensationStatus = (typeof compensationStatuses)[number];

/** How a compensation is paid: a refund of the payment the complainant made, or AI credits. */
export const compensationMethods = ['refund', 'credits'] as const;
export type CompensationMethod = (typeof compensationMethods)[number];

export const partyTypes = ['shopkeeper', 'collaborator', 'customer'] as const;
export type PartyType = (typeof partyTypes)[number];

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The SLA: the time to an admin's first response (taking the case), by urgency. */
export const FIRST_RESPONSE_MS: Record<Urgency, number> = { immediate: HOUR, high: 4 * HOUR, normal: DAY, low: 3 * DAY };
/** The other party answers within 3 days of being asked. */
export const RESPONDENT_WINDOW_MS = 3 * DAY;
/** Once it has an admin (or an answer), a decision within 2 days. */
export const DECISION_WINDOW_MS = 2 * DAY;
/** The complainant may appeal once, within 7 days of the decision. */
export const APPEAL_WINDOW_MS = 7 * DAY;
/** A customer disputes an order within 14 days of its completion. */
export const DISPUTE_WINDOW_MS = 14 * DAY;

export const MAX_TITLE = 200;
export const MAX_TEXT = 5000;
export const MAX_WITNESSES = 10;
export const MAX_EVIDENCE = 20;
export const MAX_COMPENSATION_CENTS = 1_000_000;
export const MAX_COMPENSATION_CREDITS = 10_000;

export const caseNotFound = 'Caso non trovato.';

export const typeLabels: Record<CaseType, string> = {
  quality_issue: 'Qualità del lavoro',
  behavior_problem: 'Comportamento',
  payment_dispute: 'Pagamento',
  security_breach: 'Sicurezza',
  communication_issue: 'Comunicazione',
  time_violation: 'Orari non rispettati',
  other: 'Altro',
  not_received: 'Ordine non ricevuto',
  wrong_items: 'Articoli sbagliati',
  damaged: 'Articoli danneggiati',
};

export const statusLabels: Record<CaseStatus, string> = {
  submitted: 'Inviato',
  under_review: 'In esame',
  investigating: 'In istruttoria',
  resolved: 'Risolto',
  rejected: 'Respinto',
  appealed: 'In ricorso',
};

export const urgencyLabels: Record<Urgency, string> = { low: 'Bassa', normal: 'Normale', high: 'Alta', immediate: 'Immediata' };
export const severityLabels: Record<Severity, string> = { low: 'Bassa', medium: 'Media', high: 'Alta', critical: 'Critica' };
export const caseKindLabels: Record<CaseKind, string> = { complaint: 'Reclamo (sessione)', dispute: 'Contestazione (ordine)' };
export const compensationMethodLabels: Record<CompensationMethod, string> = { refund: 'Rimborso', credits: 'Crediti' };
export const partyTypeLabels: Record<PartyType, string> = { shopkeeper: roleLabels.shopkeeper, collaborator: roleLabels.collaborator, customer: roleLabels.customer };
export const compensationLabels: Record<CompensationStatus, string> = { none: 'Nessuno', pending: 'Da approvare', approved: 'Approvato', paid: 'Pagato' };

/** The key a compensation's refund is asked under starts so, then the case's id: an order's refund names its case by it. */
export const compensationKeyPrefix = 'complaint-compensation-';
