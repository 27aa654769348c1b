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

/** How far ahead a task's deadline may be. */
export const MAX_DEADLINE_DAYS = 30;
export const MAX_REASON = 500;

/** Who closed a task without completing it. */
export const taskCancelledBy = ['shopkeeper', 'admin', 'collaborator', 'system'] as const;
export type TaskCancelledBy = (typeof taskCancelledBy)[number];
export const taskCancelledByLabels: Record<TaskCancelledBy, string> = {
  shopkeeper: 'dal negozio',
  admin: 'dall’amministrazione',
  collaborator: 'dal collaboratore',
  system: 'per scadenza',
};

/** The reason the upkeep writes on a task nobody accepted by its deadline. */
export const expiredReason = 'Scaduta: nessun collaboratore l’ha accettata entro la scadenza.';

/** Whether a task still to be finished is past its deadline (shown late; still deliverable). */
export const isLate = (task: { status: TaskStatus; deadline: string }, now: Date = new Date()): boolean =>
  (task.status === 'accepted' || task.status === 'in_progress') && new Date(task.deadline).getTime() < now.getTime();
