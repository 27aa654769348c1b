import { assignmentOriginLabels, assignmentPaymentStatusLabels, assignmentStatusLabels, priorityLabels } from '@pure/assignments/labels';
import { toChoices } from '../../../admin/shared/choices';

/* The Italian names of the assignments' states, priorities, payments and origins, as the server's labels say them. */

export const assignmentStatusChoices = toChoices(assignmentStatusLabels);
export const priorityChoices = toChoices(priorityLabels);
export const assignmentPaymentChoices = toChoices(assignmentPaymentStatusLabels);
export const originChoices = toChoices(assignmentOriginLabels);
export const yesNoChoices = [
  { id: 'true', name: 'Sì' },
  { id: 'false', name: 'No' },
];
