import { caseKindLabels, compensationLabels, statusLabels, urgencyLabels } from '@labels/complaints';
import { toChoices } from '../../../admin/shared/choices';

/* The Italian names of the cases' states, kinds, urgencies and compensations, as the server's labels say them. */

export const caseStatusChoices = toChoices(statusLabels);
export const urgencyChoices = toChoices(urgencyLabels);
export const compensationChoices = toChoices(compensationLabels);
export const kindChoices = toChoices(caseKindLabels);
export const lateChoices = [
  { id: 'true', name: 'In ritardo' },
  { id: 'false', name: 'Nei tempi' },
];
