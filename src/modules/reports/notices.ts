import { formatCents } from '../../platform/domain/money.js';
import { withReason } from '../../platform/domain/format.js';
import type { RecordedEvent } from '../../platform/eventstore/types.js';
import { notice, type Notice, type NoticesOf } from '../../platform/module.js';
import type { ReportEvent } from './report.js';

/** The admin's answers to a report (issue [14]), told to both sides of its assignment, each linking to the report. */
function bothSides(event: RecordedEvent<string, { shopkeeperId: string; collaboratorId: string }>, title: string, message: string): Notice[] {
  const link = `/collaborator/reports/${event.streamId.slice('report-'.length)}`;
  return [notice(event.data.shopkeeperId, title, message, link), notice(event.data.collaboratorId, title, message, link)];
}

export const reportNotices: NoticesOf<ReportEvent> = {
  ReportInvestigationStarted: {
    tell: (event) => bothSides(event, 'Segnalazione in verifica', `L’amministrazione sta verificando la segnalazione «${event.data.reportTitle}».`),
  },
  ReportResolved: {
    tell: (event) =>
      bothSides(
        event,
        'Segnalazione risolta',
        `La segnalazione «${event.data.reportTitle}» è risolta: ${event.data.adminResponse}${event.data.refund ? ` Rimborso al negozio: ${formatCents(event.data.refund.amountCents)}.` : ''}`,
      ),
  },
  ReportClosed: {
    tell: (event) =>
      bothSides(
        event,
        'Segnalazione chiusa',
        withReason(`La segnalazione «${event.data.reportTitle}» è stata chiusa.`, event.data.adminResponse ?? '').replace('Motivo:', 'Risposta:'),
      ),
  },
};
