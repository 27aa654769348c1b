import { refundStatusLabels, reportStatusLabels, reportTypeLabels, severityLabels } from '@pure/reports/labels';
import { toChoices } from '../../../admin/shared/choices';

/* The Italian names of the reports' states, types, severities and refunds, as the server's labels say them. */

export const reportStatusChoices = toChoices(reportStatusLabels);
export const reportTypeChoices = toChoices(reportTypeLabels);
export const severityChoices = toChoices(severityLabels);
export const refundStatusChoices = toChoices(refundStatusLabels);
export const reporterRoleChoices = [
  { id: 'shopkeeper', name: 'Negozio' },
  { id: 'collaborator', name: 'Collaboratore' },
];
