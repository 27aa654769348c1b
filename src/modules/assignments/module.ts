import { formatCents } from '../../platform/domain/money.js';
import { said } from '../../platform/domain/format.js';
import type { ModuleManifest } from '../../platform/module.js';
import { assignmentsPersonalExport } from './personal-export.js';
import { assignmentDecider, assignmentStreamId } from './assignment.js';
import { startAssignmentsFromUnlocks } from './from-unlocks.js';
import { assignmentsProjection } from './projection.js';
import { assignmentRoutes } from './routes.js';
import { assignmentsPersonalData } from './personal-data.js';

/** Issue [13]: the assignments between a shop and a collaborator, their earnings and payouts. */
export const assignmentsModule: ModuleManifest = {
  name: 'assignments',
  migrations: new URL('./migrations/', import.meta.url),
  routes: [assignmentRoutes],
  projections: [assignmentsProjection],
  events: {
    AssignmentCreated: 'Incarico affidato',
    AssignmentAccepted: 'Incarico accettato',
    AssignmentRejected: 'Incarico rifiutato',
    AssignmentStarted: 'Incarico iniziato',
    AssignmentCompleted: 'Incarico completato',
    AssignmentCancelled: 'Incarico annullato',
    AssignmentProblemReported: 'Problema segnalato sull’incarico',
    AssignmentPaid: 'Compenso dell’incarico pagato',
    AssignmentPayoutRefused: 'Trasferimento del compenso rifiutato dal fornitore',
  },
  personalData: assignmentsPersonalData,
  personalExport: assignmentsPersonalExport,
  summaries: {
    AssignmentCreated: (d) => `Incarico per${said.quoted(d.storeName)} a ${said.text(d.collaboratorName)}.`,
    AssignmentRejected: (d) => `Incarico rifiutato: ${said.text(d.reason)}.`,
    AssignmentCompleted: (d) => `Incarico completato: ${formatCents(Number(d.compensationCents) || 0)} al collaboratore.`,
    AssignmentCancelled: (d) => `Incarico annullato: ${said.text(d.reason)}.`,
    AssignmentProblemReported: (d) => `Problema segnalato: ${said.text(d.description)}.`,
    AssignmentPaid: (d) => {
      const amount = formatCents(Number(d.compensationCents) || 0);
      const transfer = d.transfer as { provider?: string } | null | undefined;
      if (!transfer) return `Compenso pagato: ${amount}.`;
      return `Compenso pagato: ${amount}, trasferiti sul conto ${transfer.provider === 'stripe' ? 'Stripe' : 'di prova'} del collaboratore.`;
    },
    AssignmentPayoutRefused: (d) => `Trasferimento rifiutato: ${said.text(d.reason)}.`,
  },
  audited: { assignment: { stream: assignmentStreamId, decider: () => assignmentDecider } },
  processes: [startAssignmentsFromUnlocks],
};
