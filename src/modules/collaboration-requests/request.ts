import type { Decider, DomainEvent } from '../../platform/domain/decider.js';
import { DomainError } from '../../platform/domain/errors.js';
import { checkTime } from '../../platform/domain/limits.js';
import type { Cents } from '../../platform/domain/money.js';
import { MAX_RESPONSE_MS, offerWindowMs, urgencyLevels, type ExpiredReason, type RequestStatus, type RequestType, type UrgencyLevel } from './labels.js';

/* A shop's request for a collaborator's help (issue [12], spec §4): pure, no I/O; time comes with each command. */

export const requestStreamId = (id: string): string => `collaboration-request-${id}`;

export * from './labels.js';

export const requestExpired = 'La richiesta è scaduta.';
export const takenByAnother = 'Questa richiesta è già stata accettata da un altro collaboratore.';
export const requestNotFound = 'Richiesta di collaborazione non trovata.';

export interface RequestFields {
  requestId: string;
  shopkeeperId: string;
  storeId: string;
  storeName: string;
  requestType: RequestType;
  /** direct: the one asked; null otherwise. */
  collaboratorId: string | null;
  message: string;
  /** Minutes. */
  estimatedDuration: number;
  urgencyLevel: UrgencyLevel;
  maxBudgetCents: Cents;
  requiredServices: string[];
  responseDeadline: string;
  unlockId: string;
  packageId: string;
}

/** The next auto_match offer, chosen by the caller (best match not offered before), or null when none is left. */
export type NextOffer = { collaboratorId: string; offeredUntil: string } | null;

export type RequestCommand =
  | { type: 'CreateRequest'; fields: RequestFields; now: Date; firstOffer?: NextOffer }
  | { type: 'AcceptRequest'; collaboratorId: string; collaboratorName: string; now: Date; purchaseDeadline: string }
  | { type: 'DeclineRequest'; collaboratorId: string; reason: string; now: Date; next?: NextOffer }
  | { type: 'CancelRequest'; shopkeeperId: string; reason: string; now: Date }
  /** The upkeep: past the response deadline. */
  | { type: 'ExpireRequest'; now: Date }
  /** The upkeep: the auto_match offer's window passed (or `skip`: its collaborator is no longer offered to shops). */
  | { type: 'PassOffer'; now: Date; next: NextOffer; skip?: boolean }
  /** The upkeep: accepted, but the unlock was not bought in time (it lapses in the same append). */
  | { type: 'ExpireUnpurchased'; now: Date }
  /** Its assignment (issue [13]) was completed. */
  | { type: 'CompleteRequest'; now: Date };

export type RequestEvent =
  | DomainEvent<'CollaborationRequestCreated', RequestFields>
  | DomainEvent<'CollaborationRequestOffered', { collaboratorId: string; offeredUntil: string }>
  | DomainEvent<'CollaborationRequestOfferLapsed', { collaboratorId: string }>
  | DomainEvent<'CollaborationRequestDeclined', { collaboratorId: string; reason: string }>
  | DomainEvent<'CollaborationRequestAccepted', { collaboratorId: string; collaboratorName: string; acceptedAt: string; unlockId: string; purchaseDeadline: string }>
  | DomainEvent<'CollaborationRequestExpired', { reason: ExpiredReason; collaboratorId: string | null }>
  | DomainEvent<'CollaborationRequestCancelled', { reason: string }>
  | DomainEvent<'CollaborationRequestCompleted', { completedAt: string }>;

export interface RequestState {
  exists: boolean;
  fields: RequestFields | null;
  status: RequestStatus;
  /** Who it is addressed to now (direct; auto_match's current offer), or who accepted it. */
  collaboratorId: string | null;
  offeredUntil: string | null;
  /** Every collaborator an auto_match request was offered to, in turn. */
  offered: string[];
  purchaseDeadline: string | null;
}

const open = (s: RequestState) => s.status === 'waiting' || s.status === 'pending';
const at = (iso: string) => new Date(iso).getTime();

function checkOpen(state: RequestState, now: Date, forCollaborator?: string): RequestFields {
  const f = state.fields;
  if (!state.exists || !f) throw new DomainError(requestNotFound, 'not-found');
  if (state.status === 'accepted' || state.status === 'completed') {
    if (forCollaborator !== undefined && state.collaboratorId !== forCollaborator) throw new DomainError(takenByAnother, 'conflict');
    throw new DomainError('La richiesta è già stata accettata.', 'conflict');
  }
  if (state.status === 'expired' || (open(state) && now.getTime() >= at(f.responseDeadline))) throw new DomainError(requestExpired, 'rule');
  if (state.status === 'cancelled') throw new DomainError('La richiesta è stata annullata dal negozio.', 'rule');
  if (state.status === 'rejected') throw new DomainError('La richiesta è già stata rifiutata.', 'rule');
  return f;
}

/** The same bounds as the HTTP schema (contract.ts): every event is one the read model can hold. */
function checkFields(f: RequestFields): void {
  const refuse = (field: string, message: string): never => {
    throw new DomainError(message, 'rule', { [field]: message });
  };
  if (!f.message.trim() || f.message.length > 1000) refuse('message', 'Messaggio: obbligatorio, al massimo 1000 caratteri.');
  if (!Number.isInteger(f.estimatedDuration) || f.estimatedDuration < 15 || f.estimatedDuration > 10080) refuse('estimatedDuration', 'Durata stimata: da 15 a 10080 minuti.');
  if (!Number.isSafeInteger(f.maxBudgetCents) || f.maxBudgetCents < 0 || f.maxBudgetCents > 10_000_000) refuse('maxBudget', 'Budget massimo: da 0 a 100.000 €.');
  if (f.requiredServices.length > 20 || new Set(f.requiredServices).size !== f.requiredServices.length) refuse('requiredServices', 'Servizi richiesti: ognuno una volta sola.');
  if (!(urgencyLevels as readonly string[]).includes(f.urgencyLevel)) refuse('urgencyLevel', 'Urgenza: low, normal, high o urgent.');
}

const offerEvents = (next: NextOffer): RequestEvent[] =>
  next
    ? [{ type: 'CollaborationRequestOffered', data: { collaboratorId: next.collaboratorId, offeredUntil: next.offeredUntil } }]
    : [{ type: 'CollaborationRequestExpired', data: { reason: 'no_match', collaboratorId: null } }];

/**
 * One collaboration request: waiting (open to every covering collaborator) or pending (addressed
 * to one: direct, or auto_match's current offer) → accepted | rejected (direct) | expired |
 * cancelled. First accept wins: the second, decided on the accepted state, is a 409. Acting at or
 * after a deadline is refused as expired even if the upkeep has not written it yet.
 */
export const requestDecider: Decider<RequestCommand, RequestEvent, RequestState> = {
  initialState: { exists: false, fields: null, status: 'waiting', collaboratorId: null, offeredUntil: null, offered: [], purchaseDeadline: null },

  decide(command, state) {
    switch (command.type) {
      case 'CreateRequest': {
        if (state.exists) return [];
        const f = command.fields;
        checkTime('responseDeadline', 'Scadenza della risposta', f.responseDeadline);
        if (command.firstOffer) checkTime('offeredUntil', 'Scadenza dell’offerta', command.firstOffer.offeredUntil);
        if (at(f.responseDeadline) <= command.now.getTime())
          throw new DomainError('Scadenza della risposta: deve essere nel futuro.', 'rule', { responseDeadline: 'Deve essere nel futuro.' });
        if (at(f.responseDeadline) > command.now.getTime() + MAX_RESPONSE_MS)
          throw new DomainError('Scadenza della risposta: al massimo 30 giorni da oggi.', 'rule', { responseDeadline: 'Al massimo 30 giorni.' });
        if (f.requestType === 'direct' && !f.collaboratorId)
          throw new DomainError('Scegli il collaboratore a cui chiedere.', 'rule', { collaboratorId: 'Obbligatorio per una richiesta diretta.' });
        if (f.requestType !== 'direct' && f.collaboratorId)
          throw new DomainError('Il collaboratore si sceglie solo nelle richieste dirette.', 'rule', { collaboratorId: 'Solo per una richiesta diretta.' });
        checkFields(f);
        const created: RequestEvent = { type: 'CollaborationRequestCreated', data: f };
        if (f.requestType !== 'auto_match') return [created];
        if (!command.firstOffer) throw new DomainError('Nessun collaboratore disponibile copre il tuo negozio con i servizi richiesti.', 'rule');
        return [created, ...offerEvents(command.firstOffer)];
      }
      case 'AcceptRequest': {
        // Accepted by them already (a retried request): nothing more.
        if (state.status === 'accepted' && state.collaboratorId === command.collaboratorId) return [];
        const f = checkOpen(state, command.now, command.collaboratorId);
        checkTime('purchaseDeadline', 'Scadenza dell’acquisto', command.purchaseDeadline);
        if (state.status === 'pending') {
          if (state.collaboratorId !== command.collaboratorId) throw new DomainError(requestNotFound, 'not-found');
          if (f.requestType === 'auto_match' && state.offeredUntil && command.now.getTime() >= at(state.offeredUntil)) {
            throw new DomainError('Il tempo per accettare questa offerta è scaduto: la richiesta è passata a un altro collaboratore.', 'rule');
          }
        }
        return [
          {
            type: 'CollaborationRequestAccepted',
            data: {
              collaboratorId: command.collaboratorId,
              collaboratorName: command.collaboratorName,
              acceptedAt: command.now.toISOString(),
              unlockId: f.unlockId,
              purchaseDeadline: command.purchaseDeadline,
            },
          },
        ];
      }
      case 'DeclineRequest': {
        const f = checkOpen(state, command.now);
        if (state.status !== 'pending' || state.collaboratorId !== command.collaboratorId)
          throw new DomainError('Questa richiesta non è rivolta a te: non puoi rifiutarla.', 'forbidden');
        const reason = command.reason.trim();
        if (!reason || reason.length > 500) throw new DomainError('Motivo: obbligatorio, al massimo 500 caratteri.', 'rule', { reason: 'Obbligatorio, al massimo 500 caratteri.' });
        if (command.next) checkTime('offeredUntil', 'Scadenza dell’offerta', command.next.offeredUntil);
        const declined: RequestEvent = { type: 'CollaborationRequestDeclined', data: { collaboratorId: command.collaboratorId, reason } };
        if (f.requestType === 'direct') return [declined];
        return [declined, ...offerEvents(command.next ?? null)];
      }
      case 'CancelRequest': {
        const f = checkOpen(state, command.now);
        if (f.shopkeeperId !== command.shopkeeperId) throw new DomainError(requestNotFound, 'not-found');
        const reason = command.reason.trim();
        if (reason.length > 500) throw new DomainError('Motivo: al massimo 500 caratteri.', 'rule', { reason: 'Al massimo 500 caratteri.' });
        return [{ type: 'CollaborationRequestCancelled', data: { reason } }];
      }
      case 'ExpireRequest': {
        if (!state.exists || !state.fields || !open(state) || command.now.getTime() < at(state.fields.responseDeadline)) return [];
        return [{ type: 'CollaborationRequestExpired', data: { reason: 'deadline', collaboratorId: state.collaboratorId } }];
      }
      case 'PassOffer': {
        const f = state.fields;
        if (!state.exists || !f || f.requestType !== 'auto_match' || state.status !== 'pending' || !state.collaboratorId) return [];
        if (command.now.getTime() >= at(f.responseDeadline)) return [{ type: 'CollaborationRequestExpired', data: { reason: 'deadline', collaboratorId: state.collaboratorId } }];
        if (!command.skip && (!state.offeredUntil || command.now.getTime() < at(state.offeredUntil))) return [];
        const next = command.next && !state.offered.includes(command.next.collaboratorId) ? command.next : null;
        if (next) checkTime('offeredUntil', 'Scadenza dell’offerta', next.offeredUntil);
        return [{ type: 'CollaborationRequestOfferLapsed', data: { collaboratorId: state.collaboratorId } }, ...offerEvents(next)];
      }
      case 'CompleteRequest':
        if (state.status !== 'accepted') return [];
        return [{ type: 'CollaborationRequestCompleted', data: { completedAt: command.now.toISOString() } }];
      case 'ExpireUnpurchased': {
        // Told by the unlock's lapse (its deadline may be the admin's): appended with it.
        if (state.status !== 'accepted') return [];
        return [{ type: 'CollaborationRequestExpired', data: { reason: 'not_purchased', collaboratorId: state.collaboratorId } }];
      }
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'CollaborationRequestCreated':
        return {
          ...state,
          exists: true,
          fields: event.data,
          status: event.data.requestType === 'direct' ? 'pending' : 'waiting',
          collaboratorId: event.data.collaboratorId,
        };
      case 'CollaborationRequestOffered':
        return {
          ...state,
          status: 'pending',
          collaboratorId: event.data.collaboratorId,
          offeredUntil: event.data.offeredUntil,
          offered: [...state.offered, event.data.collaboratorId],
        };
      case 'CollaborationRequestOfferLapsed':
        return { ...state, collaboratorId: null, offeredUntil: null };
      case 'CollaborationRequestDeclined':
        return state.fields?.requestType === 'direct' ? { ...state, status: 'rejected' } : { ...state, collaboratorId: null, offeredUntil: null };
      case 'CollaborationRequestAccepted':
        return { ...state, status: 'accepted', collaboratorId: event.data.collaboratorId, offeredUntil: null, purchaseDeadline: event.data.purchaseDeadline };
      case 'CollaborationRequestExpired':
        return { ...state, status: 'expired', offeredUntil: null };
      case 'CollaborationRequestCancelled':
        return { ...state, status: 'cancelled', offeredUntil: null };
      case 'CollaborationRequestCompleted':
        return { ...state, status: 'completed' };
      default:
        return state;
    }
  },
};

/** When an offer made at `now` ends: its urgency's window, never past the response deadline. */
export function offerEnds(now: Date, urgency: UrgencyLevel, responseDeadline: string): string {
  return new Date(Math.min(now.getTime() + offerWindowMs[urgency], at(responseDeadline))).toISOString();
}
