/* Collaboration reports (issue [14], spec §3 collaboration_reports, §4 report states): the pure words both sides share (the web imports them through the contract). */

export const reportTypes = ['quality_issue', 'payment_dispute', 'communication_problem', 'code_misuse', 'other'] as const;
export type ReportType = (typeof reportTypes)[number];

export const severities = ['low', 'medium', 'high', 'critical'] as const;
export type Severity = (typeof severities)[number];

/** Spec §4: open → investigating → resolved | closed. */
export const reportStatuses = ['open', 'investigating', 'resolved', 'closed'] as const;
export type ReportStatus = (typeof reportStatuses)[number];

/** The refund of a resolution: none asked, asked and waiting for the provider, confirmed. */
export const refundStatuses = ['none', 'pending', 'paid'] as const;
export type RefundStatus = (typeof refundStatuses)[number];

export const reportTypeLabels: Record<ReportType, string> = {
  quality_issue: 'Qualità del lavoro',
  payment_dispute: 'Contestazione di pagamento',
  communication_problem: 'Problema di comunicazione',
  code_misuse: 'Uso improprio dei codici',
  other: 'Altro',
};

export const severityLabels: Record<Severity, string> = { low: 'Bassa', medium: 'Media', high: 'Alta', critical: 'Critica' };

export const reportStatusLabels: Record<ReportStatus, string> = {
  open: 'Aperta',
  investigating: 'In verifica',
  resolved: 'Risolta',
  closed: 'Chiusa',
};

export const refundStatusLabels: Record<RefundStatus, string> = { none: 'Nessun rimborso', pending: 'Rimborso in corso', paid: 'Rimborso pagato' };

export const MAX_TITLE = 200;
export const MAX_DESCRIPTION = 5000;
export const MAX_RESPONSE = 4000;
export const MAX_ACTION = 1000;

/** The events' Italian names (the manifest, the history and the report's timeline). */
export const reportEventNames = {
  ReportSubmitted: 'Segnalazione inviata',
  ReportInvestigationStarted: 'Segnalazione presa in verifica',
  ReportResolved: 'Segnalazione risolta',
  ReportClosed: 'Segnalazione chiusa',
} as const;
export type ReportEventType = keyof typeof reportEventNames;
