import { describe, it } from 'vitest';
import { DomainError } from '../../platform/domain/errors.js';
import { deciderSpec } from '../../platform/testing/decider-spec.js';
import { reportDecider, type ReportEvent, type ReportFields } from './report.js';

const now = new Date('2026-06-10T08:00:00.000Z');
const at = now.toISOString();
const fields: ReportFields = {
  reportId: 'r1',
  assignmentId: 'a1',
  reportedByUserId: 'c1',
  reporterRole: 'collaborator',
  shopkeeperId: 's1',
  collaboratorId: 'c1',
  storeName: 'Forno Rossi',
  reportType: 'communication_problem',
  title: 'Nessuna risposta',
  description: 'Il negozio non risponde da tre giorni.',
  severity: 'medium',
};
const parties = { shopkeeperId: 's1', collaboratorId: 'c1', reportTitle: 'Nessuna risposta' };
const submitted: ReportEvent = { type: 'ReportSubmitted', data: { ...fields, submittedAt: at } };
const investigating: ReportEvent = { type: 'ReportInvestigationStarted', data: { ...parties, adminUserId: 'ad', startedAt: at } };
const resolve = (refund: { paymentId: string; amountCents: number } | null = null) => ({
  type: 'ResolveReport' as const,
  adminUserId: 'ad',
  adminResponse: 'Abbiamo parlato con il negozio.',
  resolutionAction: 'Rimborso parziale',
  refund,
  now,
});
const resolved = (refund: { paymentId: string; amountCents: number } | null = null): ReportEvent => ({
  type: 'ReportResolved',
  data: {
    ...parties,
    adminUserId: 'ad',
    adminResponse: 'Abbiamo parlato con il negozio.',
    resolutionAction: 'Rimborso parziale',
    refund: refund ? { ...refund, refundKey: 'report-r1' } : null,
    resolvedAt: at,
  },
});

describe('a collaboration report', () => {
  const spec = deciderSpec(reportDecider);

  it('is submitted open, once, with its words trimmed; empty or unknown fields are refused in Italian', () => {
    spec
      .given([])
      .when({ type: 'SubmitReport', fields: { ...fields, title: '  Nessuna risposta ' }, now })
      .then([submitted]);
    spec.given([submitted]).when({ type: 'SubmitReport', fields, now }).thenNothing();
    spec
      .given([])
      .when({ type: 'SubmitReport', fields: { ...fields, title: '  ' }, now })
      .thenThrows(DomainError, { kind: 'rule', message: 'Titolo: obbligatorio, al massimo 200 caratteri.' });
    spec
      .given([])
      .when({ type: 'SubmitReport', fields: { ...fields, severity: 'enorme' as never }, now })
      .thenThrows(DomainError, { kind: 'rule' });
  });

  it('moves open → investigating → resolved, each step once', () => {
    spec.given([submitted]).when({ type: 'StartInvestigation', adminUserId: 'ad', now }).then([investigating]);
    spec.given([submitted, investigating]).when({ type: 'StartInvestigation', adminUserId: 'ad', now }).thenNothing();
    spec.given([submitted, investigating]).when(resolve()).then([resolved()]);
    spec.given([submitted, investigating, resolved()]).when(resolve()).thenNothing();
  });

  it('records a resolution’s refund keyed by the report, whole positive cents only', () => {
    spec
      .given([submitted, investigating])
      .when(resolve({ paymentId: 'p1', amountCents: 1500 }))
      .then([resolved({ paymentId: 'p1', amountCents: 1500 })]);
    // Retried, even with another amount: the resolution was recorded, nothing new.
    spec
      .given([submitted, investigating, resolved({ paymentId: 'p1', amountCents: 1500 })])
      .when(resolve({ paymentId: 'p1', amountCents: 9000 }))
      .thenNothing();
    spec
      .given([submitted, investigating])
      .when(resolve({ paymentId: 'p1', amountCents: 0 }))
      .thenThrows(DomainError, { kind: 'rule' });
    spec
      .given([submitted, investigating])
      .when({ ...resolve(), adminResponse: ' ' })
      .thenThrows(DomainError, { kind: 'rule', message: 'Risposta: obbligatorio, al massimo 4000 caratteri.' });
  });

  it('is resolved only once investigated; closed from any state but closed', () => {
    spec.given([submitted]).when(resolve()).thenThrows(DomainError, { kind: 'conflict', message: 'Prima di risolverla, prendi in verifica la segnalazione.' });
    const close = { type: 'CloseReport' as const, adminUserId: 'ad', adminResponse: null, now };
    const closed: ReportEvent = { type: 'ReportClosed', data: { ...parties, adminUserId: 'ad', adminResponse: null, closedAt: at } };
    spec.given([submitted]).when(close).then([closed]);
    spec.given([submitted, investigating, resolved()]).when(close).then([closed]);
    spec.given([submitted, closed]).when(close).thenNothing();
    spec.given([submitted, closed]).when(resolve()).thenThrows(DomainError, { kind: 'conflict', message: 'La segnalazione è chiusa: non si può risolvere.' });
    spec.given([submitted, closed]).when({ type: 'StartInvestigation', adminUserId: 'ad', now }).thenThrows(DomainError, { kind: 'conflict' });
  });

  it('that was never submitted is not found', () => {
    spec.given([]).when({ type: 'StartInvestigation', adminUserId: 'ad', now }).thenThrows(DomainError, { kind: 'not-found', message: 'Segnalazione non trovata.' });
  });
});
