/*
 * A task's kinds and states with their Italian names, for the server and the web
 * (@pure/tasks/labels). Pure data, importing nothing.
 */

export const taskTypes = ['delivery', 'product_management'] as const;
export type TaskType = (typeof taskTypes)[number];
/** Spec §4: pending → accepted → in_progress → completed | cancelled. */
export const taskStatuses = ['pending', 'accepted', 'in_progress', 'completed', 'cancelled'] as const;
export type TaskStatus = (typeof taskStatuses)[number];

export const taskTypeLabels: Record<TaskType, string> = { delivery: 'Consegna', product_management: 'Gestione prodotti' };
export const taskStatusLabels: Record<TaskStatus, string> = {
  pending: 'In attesa',
  accepted: 'Accettata',
  in_progress: 'In corso',
  completed: 'Completata',
  cancelled: 'Annullata',
};

export const MAX_TITLE = 120;
export const MAX_DESCRIPTION = 1000;
/** The most a task may pay its collaborator (cents). */
export const MAX_COMPENSATION_CENTS = 100_000;
