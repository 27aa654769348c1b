import { formatCents } from '../../platform/domain/money.js';
import { said } from '../../platform/domain/format.js';
import type { ModuleManifest } from '../../platform/module.js';
import { assignmentDecider, assignmentStreamId } from './assignment.js';
import { startAssignmentsFromUnlocks } from './from-unlocks.js';
import { assignmentsProjection } from './projection.js';
import { assignmentRoutes } from './routes.js';

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
  },
  summaries: {
    AssignmentCreated: (d) => `Incarico per${said.quoted(d.storeName)} a ${said.text(d.collaboratorName)}.`,
    AssignmentRejected: (d) => `Incarico rifiutato: ${said.text(d.reason)}.`,
    AssignmentCompleted: (d) => `Incarico completato: ${formatCents(Number(d.compensationCents) || 0)} al collaboratore.`,
    AssignmentCancelled: (d) => `Incarico annullato: ${said.text(d.reason)}.`,
    AssignmentProblemReported: (d) => `Problema segnalato: ${said.text(d.description)}.`,
    AssignmentPaid: (d) => `Compenso pagato: ${formatCents(Number(d.compensationCents) || 0)}.`,
  },
  audited: { assignment: { stream: assignmentStreamId, decider: () => assignmentDecider } },
  processes: [startAssignmentsFromUnlocks],
};
