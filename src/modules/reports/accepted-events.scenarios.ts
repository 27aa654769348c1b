import { randomUUID } from 'node:crypto';
import { scenario, scenarioNow as now, worldIds, worldStore } from '../../platform/testing/accepted-events.js';
import { reportDecider, reportStreamId, type ReportCommand, type ReportFields } from './report.js';

const report = randomUUID();
const fields = (reportId: string): ReportFields => ({
  reportId,
  assignmentId: randomUUID(),
  reportedByUserId: worldIds.shopkeeper,
  reporterRole: 'shopkeeper',
  shopkeeperId: worldIds.shopkeeper,
  collaboratorId: worldIds.collaborator,
  storeName: worldStore.name,
  reportType: 'quality_issue',
  title: 'Prezzi sbagliati',
  description: 'Metà dei prezzi inseriti sono errati',
  severity: 'high',
});

export const scenarios = [
  scenario<ReportCommand>('collaboration reports', reportStreamId(randomUUID()), reportDecider, [], [{ type: 'SubmitReport', fields: fields(randomUUID()), now }]),
  scenario<ReportCommand>(
    'reports investigated',
    reportStreamId(report),
    reportDecider,
    [
      { type: 'SubmitReport', fields: fields(report), now },
      { type: 'StartInvestigation', adminUserId: worldIds.admin, now },
    ],
    [
      {
        type: 'ResolveReport',
        adminUserId: worldIds.admin,
        adminResponse: 'Verificato',
        resolutionAction: 'Rimborso parziale',
        refund: { paymentId: randomUUID(), amountCents: 1500 },
        now,
      },
      { type: 'ResolveReport', adminUserId: worldIds.admin, adminResponse: 'Verificato', resolutionAction: 'Richiamo', refund: null, now },
      { type: 'CloseReport', adminUserId: worldIds.admin, adminResponse: 'Chiusa', now },
    ],
  ),
];
