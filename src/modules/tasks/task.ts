import type { Decider, DomainEvent } from '../../platform/domain/decider.js';
import { DomainError } from '../../platform/domain/errors.js';
import { checkAmount, checkCoordinates, checkInteger, checkRange, checkTime } from '../../platform/domain/limits.js';
import type { Cents } from '../../platform/domain/money.js';
import {
  expiredReason,
  MAX_COMPENSATION_CENTS,
  MAX_DEADLINE_DAYS,
  MAX_DESCRIPTION,
  MAX_REASON,
  MAX_TITLE,
  type TaskCancelledBy,
  type TaskStatus,
  type TaskType,
} from './labels.js';

/*
 * A task (issue [13], spec §3 tasks, §4): a delivery of one of a shop's shipping orders, or a
 * piece of catalogue work inside an assignment, done by a collaborator. Pure, no I/O: time comes
 * with each command, and what the command needs of other records (the order, the collaborator's
 * area) the caller has checked.
 */

export const taskStreamId = (id: string): string => `task-${id}`;

export * from './labels.js';

export const taskNotFound = 'Attività non trovata.';
export const takenByAnother = 'Questa consegna è già stata accettata da un altro collaboratore.';
export const taskExpired = 'L’attività è scaduta: nessuno può più accettarla.';
export const taskCancelled = 'L’attività è stata annullata.';
export const taskCompleted = 'L’attività è già completata.';

export interface TaskFields {
  taskId: string;
  type: TaskType;
  storeId: string;
  storeName: string;
  shopkeeperId: string;
  /** delivery: the shop's shipping order. */
  orderId: string | null;
  /** product_management: the assignment it belongs to. */
  assignmentId: string | null;
  /** Handed to this collaborator; null: a delivery offered to everyone covering the shop and the address. */
  collaboratorId: string | null;
  collaboratorName: string | null;
  title: string;
  description: string;
  /** delivery: the shop (pickup) and the customer's address (delivery), and the distance between them. */
  pickupAddress: string | null;
  pickupLatitude: number | null;
  pickupLongitude: number | null;
  deliveryAddress: string | null;
  deliveryLatitude: number | null;
  deliveryLongitude: number | null;
  distanceKm: number | null;
  deadline: string;
  compensationCents: Cents;
  credits: number;
}

/** What a task that is no delivery (product management in a shop) has of a route: nothing. */
export const noRoute = {
  pickupAddress: null,
  pickupLatitude: null,
  pickupLongitude: null,
  deliveryAddress: null,
  deliveryLatitude: null,
  deliveryLongitude: null,
  distanceKm: null,
} satisfies Partial<TaskFields>;

export type TaskCommand =
  | { type: 'CreateTask'; fields: TaskFields; now: Date }
  /** An offered task: whoever the caller found covering the shop and the address; a handed one: its collaborator. */
  | { type: 'AcceptTask'; collaboratorId: string; collaboratorName: string; now: Date }
  | { type: 'RejectTask'; collaboratorId: string; reason: string; now: Date }
  /** A delivery: the order picked up at the shop. */
  | { type: 'StartTask'; collaboratorId: string; now: Date }
  /** A delivery handed over: the customer's code is checked by the order, in the same append. */
  | { type: 'DeliverTask'; collaboratorId: string; now: Date }
  /** Catalogue work done. */
  | { type: 'CompleteTask'; collaboratorId: string; now: Date }
  | { type: 'CancelTask'; by: Extract<TaskCancelledBy, 'shopkeeper' | 'admin'>; reason: string; now: Date }
  /** The upkeep: a task nobody accepted by its deadline. */
  | { type: 'ExpireTask'; now: Date };

export type TaskEvent =
  | DomainEvent<'TaskCreated', TaskFields>
  | DomainEvent<'TaskAccepted', { collaboratorId: string; collaboratorName: string; acceptedAt: string }>
  | DomainEvent<'TaskRejected', { collaboratorId: string; reason: string }>
  | DomainEvent<'TaskStarted', { collaboratorId: string; startedAt: string }>
  | DomainEvent<'TaskCompleted', { collaboratorId: string; completedAt: string; late: boolean; credits: number }>
  | DomainEvent<'TaskCancelled', { by: Extract<TaskCancelledBy, 'shopkeeper' | 'admin'>; reason: string; collaboratorId: string | null }>
  | DomainEvent<'TaskExpired', { reason: string; collaboratorId: string | null }>;

export interface TaskState {
  exists: boolean;
  fields: TaskFields | null;
  status: TaskStatus;
  /** Who it is handed to, or who accepted it. */
  collaboratorId: string | null;
}

/** A delivery offered to the area rather than handed to one collaborator. */
export const isOffered = (f: Pick<TaskFields, 'type' | 'collaboratorId'>): boolean => f.type === 'delivery' && f.collaboratorId === null;

const at = (iso: string) => new Date(iso).getTime();
const dayMs = 24 * 60 * 60 * 1000;

function refuse(field: string, message: string): never {
  throw new DomainError(message, 'rule', { [field]: message });
}

/** The same bounds as the HTTP schema (contract.ts): every event is one the read model can hold. */
function checkFields(f: TaskFields, now: Date): void {
  if (!f.title.trim() || f.title.length > MAX_TITLE) refuse('title', `Titolo: obbligatorio, al massimo ${MAX_TITLE} caratteri.`);
  if (f.description.length > MAX_DESCRIPTION) refuse('description', `Descrizione: al massimo ${MAX_DESCRIPTION} caratteri.`);
  checkAmount('compensation', 'Compenso', f.compensationCents, { max: MAX_COMPENSATION_CENTS });
  checkInteger('credits', 'Crediti', f.credits, { min: 0, max: 1000 });
  checkTime('deadline', 'Scadenza', f.deadline);
  if (at(f.deadline) <= now.getTime()) refuse('deadline', 'Scadenza: deve essere nel futuro.');
  if (at(f.deadline) > now.getTime() + MAX_DEADLINE_DAYS * dayMs) refuse('deadline', `Scadenza: al massimo ${MAX_DEADLINE_DAYS} giorni da oggi.`);
  if (f.type === 'delivery') {
    if (!f.orderId) refuse('orderId', 'Ordine: obbligatorio per una consegna.');
    if (f.assignmentId) refuse('assignmentId', 'Una consegna non appartiene a un incarico.');
    checkCoordinates(f.pickupLatitude ?? NaN, f.pickupLongitude ?? NaN, { latitude: 'pickupLatitude', longitude: 'pickupLongitude' });
    checkCoordinates(f.deliveryLatitude ?? NaN, f.deliveryLongitude ?? NaN, { latitude: 'deliveryLatitude', longitude: 'deliveryLongitude' });
    checkRange('distance', 'Distanza (km)', f.distanceKm ?? NaN, { min: 0, max: 20_000 });
  } else {
    if (!f.assignmentId) refuse('assignmentId', 'Incarico: obbligatorio per un lavoro sul catalogo.');
    if (!f.collaboratorId) refuse('collaboratorId', 'Un lavoro sul catalogo si affida al collaboratore dell’incarico.');
    if (f.orderId) refuse('orderId', 'Un lavoro sul catalogo non riguarda un ordine.');
  }
}

const checkReason = (reason: string): string => {
  const r = reason.trim();
  if (!r || r.length > MAX_REASON) refuse('reason', `Motivo: obbligatorio, al massimo ${MAX_REASON} caratteri.`);
  return r;
};

/** The task as it stands, for a collaborator's move on it: theirs (handed or accepted), or as if it did not exist. */
function theirs(state: TaskState, collaboratorId: string): TaskFields {
  if (!state.exists || !state.fields || state.collaboratorId !== collaboratorId) throw new DomainError(taskNotFound, 'not-found');
  return state.fields;
}

function closed(state: TaskState): void {
  if (state.status === 'cancelled') throw new DomainError(taskCancelled, 'rule');
  if (state.status === 'completed') throw new DomainError(taskCompleted, 'rule');
}

/**
 * One task: pending (handed to one collaborator, or a delivery offered to the area) → accepted →
 * in_progress (a delivery: picked up) → completed (a delivery: handed over with the customer's
 * code) | cancelled (by the shop or the admin before completion, rejected by its collaborator
 * before pickup, or expired: nobody accepted it by its deadline). An offered delivery goes to the
 * first who accepts: the second accept is decided on the accepted task (409). Past its deadline a
 * task accepted is still done, and read late.
 */
export const taskDecider: Decider<TaskCommand, TaskEvent, TaskState> = {
  initialState: { exists: false, fields: null, status: 'pending', collaboratorId: null },

  decide(command, state) {
    switch (command.type) {
      case 'CreateTask': {
        if (state.exists) return [];
        checkFields(command.fields, command.now);
        return [{ type: 'TaskCreated', data: command.fields }];
      }
      case 'AcceptTask': {
        const f = state.fields;
        if (!state.exists || !f) throw new DomainError(taskNotFound, 'not-found');
        const mine = state.collaboratorId === command.collaboratorId;
        if (state.status === 'accepted' || state.status === 'in_progress' || state.status === 'completed') {
          // Accepted by them already (a retried request): nothing more.
          if (mine) return [];
          if (isOffered(f)) throw new DomainError(takenByAnother, 'conflict');
          throw new DomainError(taskNotFound, 'not-found');
        }
        if (!isOffered(f) && !mine) throw new DomainError(taskNotFound, 'not-found');
        if (state.status === 'cancelled') throw new DomainError(taskCancelled, 'rule');
        if (command.now.getTime() >= at(f.deadline)) throw new DomainError(taskExpired, 'rule');
        return [{ type: 'TaskAccepted', data: { collaboratorId: command.collaboratorId, collaboratorName: command.collaboratorName, acceptedAt: command.now.toISOString() } }];
      }
      case 'RejectTask': {
        if (state.fields && isOffered(state.fields) && state.status === 'pending') {
          throw new DomainError('Questa consegna è offerta a tutta la zona: se non ti interessa, lasciala a un altro collaboratore.', 'rule');
        }
        theirs(state, command.collaboratorId);
        closed(state);
        if (state.status === 'in_progress') throw new DomainError('Hai già iniziato: porta a termine l’attività, o chiedi al negozio di annullarla.', 'rule');
        return [{ type: 'TaskRejected', data: { collaboratorId: command.collaboratorId, reason: checkReason(command.reason) } }];
      }
      case 'StartTask': {
        theirs(state, command.collaboratorId);
        if (state.status === 'in_progress') return [];
        closed(state);
        if (state.status === 'pending') throw new DomainError('Accetta l’attività prima di iniziarla.', 'rule');
        return [{ type: 'TaskStarted', data: { collaboratorId: command.collaboratorId, startedAt: command.now.toISOString() } }];
      }
      case 'DeliverTask':
      case 'CompleteTask': {
        const f = theirs(state, command.collaboratorId);
        const delivering = command.type === 'DeliverTask';
        if (f.type === 'delivery' && !delivering) throw new DomainError('Una consegna si completa con il codice di consegna del cliente.', 'rule');
        if (f.type !== 'delivery' && delivering) throw new DomainError('Solo una consegna si completa con il codice di consegna.', 'rule');
        if (state.status === 'completed') return [];
        closed(state);
        if (state.status !== 'in_progress') {
          throw new DomainError(delivering ? 'Ritira l’ordine in negozio prima di consegnarlo.' : 'Inizia l’attività prima di completarla.', 'rule');
        }
        const late = command.now.getTime() > at(f.deadline);
        return [{ type: 'TaskCompleted', data: { collaboratorId: command.collaboratorId, completedAt: command.now.toISOString(), late, credits: f.credits } }];
      }
      case 'CancelTask': {
        if (!state.exists || !state.fields) throw new DomainError(taskNotFound, 'not-found');
        if (state.status === 'cancelled') return [];
        if (state.status === 'completed') throw new DomainError('L’attività è già completata: non si può annullare.', 'rule');
        return [{ type: 'TaskCancelled', data: { by: command.by, reason: checkReason(command.reason), collaboratorId: state.collaboratorId } }];
      }
      case 'ExpireTask': {
        const f = state.fields;
        if (!state.exists || !f || state.status !== 'pending' || command.now.getTime() < at(f.deadline)) return [];
        return [{ type: 'TaskExpired', data: { reason: expiredReason, collaboratorId: state.collaboratorId } }];
      }
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'TaskCreated':
        return { exists: true, fields: event.data, status: 'pending', collaboratorId: event.data.collaboratorId };
      case 'TaskAccepted':
        return { ...state, status: 'accepted', collaboratorId: event.data.collaboratorId };
      case 'TaskStarted':
        return { ...state, status: 'in_progress' };
      case 'TaskCompleted':
        return { ...state, status: 'completed' };
      case 'TaskRejected':
      case 'TaskCancelled':
      case 'TaskExpired':
        return { ...state, status: 'cancelled' };
      default:
        return state;
    }
  },
};
