import type { Decider, DomainEvent } from '../../platform/domain/decider.js';
import { DomainError } from '../../platform/domain/errors.js';
import { distanceKm } from '../../platform/domain/format.js';
import { checkInteger } from '../../platform/domain/limits.js';
import type { Permission } from '../assignments/labels.js';
import {
  ACTIVATION_GRACE_MS,
  CLOSE_GRACE_MS,
  LOCATION_RADIUS_M,
  MAX_CODE_TRIES,
  MAX_SCHEDULE_AHEAD_MS,
  MAX_SESSION_CREDITS,
  MAX_SESSION_MS,
  MIN_SESSION_MS,
  READY_BEFORE_MS,
  type CodeKind,
  type SecurityLevel,
  type SessionExpiredReason,
  type SessionStatus,
} from './labels.js';

/*
 * A collaboration session (issue [13], spec §3 collaboration_sessions): one period of work for a
 * shop, opened and closed with one-time codes. Pure: time, codes and positions come with each
 * command. Codes never appear here: only their keys (an HMAC the commands compute, codes.ts).
 */

export const sessionStreamId = (id: string): string => `collaboration-session-${id}`;

export const sessionNotFound = 'Sessione non trovata.';
export const codeRefused = 'Codice non valido.';

export interface SessionFields {
  sessionId: string;
  /** Inside an assignment, or under a standing access: one of the two. */
  assignmentId: string | null;
  accessId: string | null;
  storeId: string;
  storeName: string;
  storeAddress: string;
  storeLatitude: number;
  storeLongitude: number;
  shopkeeperId: string;
  collaboratorId: string;
  collaboratorName: string;
  securityLevel: SecurityLevel;
  permissions: Permission[];
  /** The shopkeeper's AI credits the collaborator may use in it (sent at activation, the rest given back at the end). */
  aiCredits: number;
}

/** A code as the session knows it: its key (never the code), its version (a reissue is the next), and its wrong tries. */
export interface CodeState {
  key: string;
  version: number;
  tries: number;
  burnt: boolean;
}

export interface Where {
  latitude: number;
  longitude: number;
}

/** Who activated it, from where: recorded at activation (spec §3 ipAddress, userAgent, locationVerified). */
export interface ActivationDetails {
  ipAddress: string | null;
  userAgent: string | null;
  locationVerified: boolean;
  /** Metres from the shop, when a position was given. */
  distanceM: number | null;
}

export type SessionCommand =
  | {
      type: 'ScheduleSession';
      fields: SessionFields;
      scheduledStartAt: string;
      scheduledEndAt: string;
      activation: Pick<CodeState, 'key' | 'version'>;
      closure: Pick<CodeState, 'key' | 'version'>;
      now: Date;
    }
  | { type: 'RescheduleSession'; scheduledStartAt: string; scheduledEndAt: string; now: Date }
  /** The upkeep, at the session's readyAt: the shopkeeper may show the activation code. */
  | { type: 'MarkReady'; now: Date }
  | { type: 'ReissueCode'; kind: CodeKind; key: string; version: number; now: Date }
  | { type: 'ActivateSession'; collaboratorId: string; codeKey: string; position: Where | null; ipAddress: string | null; userAgent: string | null; now: Date }
  /** A wrong code typed by the collaborator awaiting this session (activation), or closing it (closure). */
  | { type: 'MistypeCode'; kind: CodeKind; now: Date }
  | { type: 'ConfirmActivation'; shopkeeperId: string; now: Date }
  | { type: 'CloseSession'; collaboratorId: string; codeKey: string; now: Date }
  | { type: 'RevokeSession'; byUserId: string; byRole: 'shopkeeper' | 'admin'; reason: string; now: Date }
  | { type: 'CancelSession'; byUserId: string; reason: string; now: Date }
  | { type: 'ExpireSession'; now: Date }
  /** The credits sent to the collaborator at activation (what the shop had, up to the allocation). */
  | { type: 'RecordCreditsSent'; credits: number }
  /** The end: what the collaborator used of them and what went back to the shop. */
  | { type: 'RecordCreditsSettled'; used: number; returned: number }
  /** The privacy's retention (issue [21]): a year after the session ended, where it was opened from (IP address, browser) goes. */
  | { type: 'ForgetNetworkData'; now: Date };

export type SessionEvent =
  | DomainEvent<
      'SessionScheduled',
      SessionFields & {
        scheduledStartAt: string;
        scheduledEndAt: string;
        activationCodeKey: string;
        activationCodeVersion: number;
        closureCodeKey: string;
        closureCodeVersion: number;
      }
    >
  | DomainEvent<'SessionRescheduled', { scheduledStartAt: string; scheduledEndAt: string }>
  | DomainEvent<'SessionReady', { readyAt: string }>
  | DomainEvent<'SessionCodeReissued', { kind: CodeKind; key: string; version: number }>
  | DomainEvent<'SessionCodeMistyped', { kind: CodeKind; tries: number }>
  /** `shopkeeperId`, `collaboratorName`: whom to tell (absent in events stored before they were told). */
  | DomainEvent<'SessionCodeBurnt', { kind: CodeKind; shopkeeperId?: string; collaboratorName?: string }>
  | DomainEvent<'SessionActivationRequested', ActivationDetails & { requestedAt: string }>
  | DomainEvent<'SessionActivated', ActivationDetails & { startedAt: string; confirmedBy: string | null }>
  | DomainEvent<'SessionCompleted', { endedAt: string }>
  | DomainEvent<'SessionRevoked', { byUserId: string; byRole: 'shopkeeper' | 'admin'; reason: string; revokedAt: string; wasActive: boolean }>
  | DomainEvent<'SessionCancelled', { byUserId: string | null; reason: string; cancelledAt: string }>
  | DomainEvent<'SessionExpired', { reason: SessionExpiredReason; expiredAt: string; wasActive: boolean }>
  | DomainEvent<'SessionCreditsSent', { credits: number }>
  | DomainEvent<'SessionCreditsSettled', { used: number; returned: number }>
  | DomainEvent<'SessionNetworkDataForgotten', { forgottenAt: string }>;

export interface SessionState {
  exists: boolean;
  fields: SessionFields | null;
  /** As stored; `ready` is read from the time (statusAt). */
  status: Exclude<SessionStatus, 'ready'>;
  scheduledStartAt: string;
  scheduledEndAt: string;
  markedReady: boolean;
  activation: CodeState;
  closure: CodeState;
  /** High security: the code was right, the shopkeeper has yet to confirm. */
  awaitingConfirmation: ActivationDetails | null;
  startedAt: string | null;
  endedAt: string | null;
  /** null until sent at activation. */
  creditsSent: number | null;
  creditsSettled: { used: number; returned: number } | null;
  /** Its IP address and browser forgotten by the retention (and their key deleted). */
  networkForgotten?: boolean;
}

const noCode: CodeState = { key: '', version: 0, tries: 0, burnt: false };
const ms = (iso: string) => new Date(iso).getTime();

/** The session's moments, from its schedule. */
export function sessionTimes(s: Pick<SessionState, 'scheduledStartAt' | 'scheduledEndAt'>): { readyAt: Date; activationDeadline: Date; closeDeadline: Date } {
  return {
    readyAt: new Date(ms(s.scheduledStartAt) - READY_BEFORE_MS),
    activationDeadline: new Date(ms(s.scheduledStartAt) + ACTIVATION_GRACE_MS),
    closeDeadline: new Date(ms(s.scheduledEndAt) + CLOSE_GRACE_MS),
  };
}

/** Its status as read at `now`: pending turns ready at readyAt, and expired past its activation window; active past its end and grace, expired. */
export function statusAt(state: Pick<SessionState, 'status' | 'scheduledStartAt' | 'scheduledEndAt'>, now: Date): SessionStatus {
  const t = sessionTimes(state);
  if (state.status === 'pending') {
    if (now >= t.activationDeadline) return 'expired';
    return now >= t.readyAt ? 'ready' : 'pending';
  }
  if (state.status === 'active' && now >= t.closeDeadline) return 'expired';
  return state.status;
}

const isEnded = (s: SessionState) => s.status !== 'pending' && s.status !== 'active';

function existing(state: SessionState): SessionFields {
  if (!state.exists || !state.fields) throw new DomainError(sessionNotFound, 'not-found');
  return state.fields;
}

const endedMessage: Record<Exclude<SessionStatus, 'pending' | 'ready' | 'active'>, string> = {
  completed: 'La sessione è già stata chiusa.',
  expired: 'La sessione è scaduta.',
  cancelled: 'La sessione è stata annullata.',
  revoked: 'La sessione è stata revocata.',
};

const time = new Intl.DateTimeFormat('it-IT', { timeZone: 'Europe/Rome', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });

function checkSchedule(startIso: string, endIso: string, now: Date): void {
  const start = ms(startIso);
  const end = ms(endIso);
  const refuse = (message: string, field: string): never => {
    throw new DomainError(message, 'rule', { [field]: message });
  };
  if (!Number.isFinite(start) || !Number.isFinite(end)) refuse('Orari non validi.', 'scheduledStartAt');
  if (end - start < MIN_SESSION_MS) refuse('La sessione dura almeno 15 minuti.', 'scheduledEndAt');
  if (end - start > MAX_SESSION_MS) refuse('Una sessione dura al massimo 12 ore: programmane più di una.', 'scheduledEndAt');
  if (start + ACTIVATION_GRACE_MS <= now.getTime()) refuse('L’inizio è già passato: scegli un orario futuro.', 'scheduledStartAt');
  // Begun a moment ago is fine (it can still be activated); over, or nearly, is not a session.
  if (end - Math.max(start, now.getTime()) < MIN_SESSION_MS) refuse('La sessione finirebbe fra meno di 15 minuti: scegli un orario futuro.', 'scheduledEndAt');
  if (start > now.getTime() + MAX_SCHEDULE_AHEAD_MS) refuse('Si programma al massimo 90 giorni in anticipo.', 'scheduledStartAt');
}

/** A code's version (each reissue one more): a whole number the read model stores. */
const checkCodeVersion = (version: number): void => checkInteger('version', 'Versione del codice', version, { min: 0, max: 2 ** 31 - 1 });

/** The wrong try's events: counted, and burnt at the fifth. */
function mistyped(code: CodeState, kind: CodeKind, f: SessionFields): SessionEvent[] {
  if (code.burnt) return [];
  const tries = code.tries + 1;
  const burnt: SessionEvent = { type: 'SessionCodeBurnt', data: { kind, shopkeeperId: f.shopkeeperId, collaboratorName: f.collaboratorName } };
  return [{ type: 'SessionCodeMistyped', data: { kind, tries } }, ...(tries >= MAX_CODE_TRIES ? [burnt] : [])];
}

const burntMessage = (kind: CodeKind) =>
  kind === 'activation'
    ? 'Il codice di attivazione è stato bloccato dopo 5 tentativi errati: chiedi al negoziante di generarne uno nuovo.'
    : 'Il codice di chiusura è stato bloccato dopo 5 tentativi errati: chiedi al negoziante di generarne uno nuovo.';

/**
 * pending → (ready at readyAt) → active (the activation code, typed by its collaborator within
 * the window; standard and high: within 200 m of the shop; high: then confirmed by the
 * shopkeeper) → completed (the closure code); or expired (not activated in its window, or still
 * active past its end and grace), cancelled (before activation), revoked (by the shopkeeper or
 * an admin). A wrong code is an event: five burn the code until the shopkeeper reissues it.
 */
export const sessionDecider: Decider<SessionCommand, SessionEvent, SessionState> = {
  initialState: {
    exists: false,
    fields: null,
    status: 'pending',
    scheduledStartAt: '',
    scheduledEndAt: '',
    markedReady: false,
    activation: noCode,
    closure: noCode,
    awaitingConfirmation: null,
    startedAt: null,
    endedAt: null,
    creditsSent: null,
    creditsSettled: null,
  },

  decide(command, state) {
    if (command.type === 'ScheduleSession') {
      if (state.exists) return [];
      const f = command.fields;
      checkSchedule(command.scheduledStartAt, command.scheduledEndAt, command.now);
      checkCodeVersion(command.activation.version);
      checkCodeVersion(command.closure.version);
      if (!Number.isSafeInteger(f.aiCredits) || f.aiCredits < 0 || f.aiCredits > MAX_SESSION_CREDITS)
        throw new DomainError(`Crediti AI: da 0 a ${MAX_SESSION_CREDITS}.`, 'rule', { aiCredits: 'Fuori dai limiti.' });
      if (!f.assignmentId === !f.accessId) throw new DomainError('Una sessione appartiene a un incarico o a un accesso permanente.', 'rule');
      return [
        {
          type: 'SessionScheduled',
          data: {
            ...f,
            scheduledStartAt: new Date(command.scheduledStartAt).toISOString(),
            scheduledEndAt: new Date(command.scheduledEndAt).toISOString(),
            activationCodeKey: command.activation.key,
            activationCodeVersion: command.activation.version,
            closureCodeKey: command.closure.key,
            closureCodeVersion: command.closure.version,
          },
        },
      ];
    }
    const f = existing(state);
    const now = 'now' in command ? command.now : new Date(0);
    const status = 'now' in command ? statusAt(state, command.now) : state.status;
    const ended = (): never => {
      throw new DomainError(endedMessage[status as keyof typeof endedMessage] ?? 'La sessione non è più aperta.', 'rule');
    };
    switch (command.type) {
      case 'RescheduleSession':
        if (state.status !== 'pending' || state.awaitingConfirmation) {
          if (state.status === 'active') throw new DomainError('La sessione è già attiva: non si può spostare.', 'rule');
          ended();
        }
        checkSchedule(command.scheduledStartAt, command.scheduledEndAt, now);
        return [
          {
            type: 'SessionRescheduled',
            data: { scheduledStartAt: new Date(command.scheduledStartAt).toISOString(), scheduledEndAt: new Date(command.scheduledEndAt).toISOString() },
          },
        ];
      case 'MarkReady':
        if (state.markedReady || status !== 'ready') return [];
        return [{ type: 'SessionReady', data: { readyAt: sessionTimes(state).readyAt.toISOString() } }];
      case 'ReissueCode': {
        if (command.kind === 'activation' && status !== 'pending' && status !== 'ready') {
          if (status === 'active') throw new DomainError('La sessione è già attiva: il codice di attivazione non serve più.', 'rule');
          ended();
        }
        if (command.kind === 'closure' && status !== 'active' && status !== 'pending' && status !== 'ready') ended();
        checkCodeVersion(command.version);
        const current = command.kind === 'activation' ? state.activation : state.closure;
        if (command.version <= current.version) return [];
        return [{ type: 'SessionCodeReissued', data: { kind: command.kind, key: command.key, version: command.version } }];
      }
      case 'MistypeCode': {
        if (command.kind === 'activation' && status !== 'ready') return [];
        if (command.kind === 'closure' && status !== 'active') return [];
        return mistyped(command.kind === 'activation' ? state.activation : state.closure, command.kind, f);
      }
      case 'ActivateSession': {
        if (command.collaboratorId !== f.collaboratorId) throw new DomainError(codeRefused, 'rule', { code: codeRefused });
        if (state.status === 'active' || state.awaitingConfirmation) throw new DomainError('Questo codice è già stato usato: la sessione è già attivata.', 'conflict');
        if (status === 'pending') {
          throw new DomainError(`La sessione non è ancora pronta: puoi attivarla dalle ${time.format(sessionTimes(state).readyAt)}.`, 'rule');
        }
        if (status !== 'ready') ended();
        if (state.activation.burnt) throw new DomainError(burntMessage('activation'), 'rule', { code: burntMessage('activation') });
        if (command.codeKey !== state.activation.key) return mistyped(state.activation, 'activation', f);
        let distanceM: number | null = null;
        if (command.position) distanceM = Math.round(distanceKm(command.position, { latitude: f.storeLatitude, longitude: f.storeLongitude }) * 1000);
        if (f.securityLevel !== 'basic') {
          if (distanceM === null)
            throw new DomainError('Per questa sessione serve la tua posizione: consenti al browser di rilevarla e riprova.', 'rule', { position: 'Posizione richiesta.' });
          if (distanceM > LOCATION_RADIUS_M) {
            throw new DomainError(`Sei a ${distanceM.toLocaleString('it-IT')} m dal negozio: la sessione si attiva entro ${LOCATION_RADIUS_M} m.`, 'rule', {
              position: 'Troppo lontano dal negozio.',
            });
          }
        }
        const details: ActivationDetails = {
          ipAddress: command.ipAddress,
          userAgent: command.userAgent,
          locationVerified: f.securityLevel !== 'basic' || (distanceM !== null && distanceM <= LOCATION_RADIUS_M),
          distanceM,
        };
        if (f.securityLevel === 'high') return [{ type: 'SessionActivationRequested', data: { ...details, requestedAt: now.toISOString() } }];
        return [{ type: 'SessionActivated', data: { ...details, startedAt: now.toISOString(), confirmedBy: null } }];
      }
      case 'ConfirmActivation':
        if (command.shopkeeperId !== f.shopkeeperId) throw new DomainError(sessionNotFound, 'not-found');
        if (state.status === 'active') return [];
        if (status !== 'ready') ended();
        if (!state.awaitingConfirmation) throw new DomainError('Il collaboratore non ha ancora inserito il codice di attivazione.', 'rule');
        return [{ type: 'SessionActivated', data: { ...state.awaitingConfirmation, startedAt: now.toISOString(), confirmedBy: command.shopkeeperId } }];
      case 'CloseSession':
        if (command.collaboratorId !== f.collaboratorId) throw new DomainError(sessionNotFound, 'not-found');
        if (status === 'completed') throw new DomainError('Questo codice è già stato usato: la sessione è già chiusa.', 'conflict');
        if (status !== 'active') {
          if (status === 'pending' || status === 'ready') throw new DomainError('La sessione non è ancora attiva.', 'rule');
          ended();
        }
        if (state.closure.burnt) throw new DomainError(burntMessage('closure'), 'rule', { closureCode: burntMessage('closure') });
        if (command.codeKey !== state.closure.key) return mistyped(state.closure, 'closure', f);
        return [{ type: 'SessionCompleted', data: { endedAt: now.toISOString() } }];
      case 'RevokeSession': {
        if (state.status === 'revoked') return [];
        if (isEnded(state) || status === 'expired') ended();
        const reason = command.reason.trim();
        if (!reason || reason.length > 500) throw new DomainError('Motivo: obbligatorio, al massimo 500 caratteri.', 'rule', { reason: 'Obbligatorio.' });
        return [
          { type: 'SessionRevoked', data: { byUserId: command.byUserId, byRole: command.byRole, reason, revokedAt: now.toISOString(), wasActive: state.status === 'active' } },
        ];
      }
      case 'CancelSession': {
        if (state.status === 'cancelled') return [];
        if (state.status === 'active') throw new DomainError('La sessione è già attiva: per interromperla revocala con un motivo.', 'rule');
        if (status !== 'pending' && status !== 'ready') ended();
        const reason = command.reason.trim();
        if (reason.length > 500) throw new DomainError('Motivo: al massimo 500 caratteri.', 'rule', { reason: 'Al massimo 500 caratteri.' });
        return [{ type: 'SessionCancelled', data: { byUserId: command.byUserId, reason, cancelledAt: now.toISOString() } }];
      }
      case 'ExpireSession': {
        if (status !== 'expired' || isEnded(state)) return [];
        const t = sessionTimes(state);
        return state.status === 'active'
          ? [{ type: 'SessionExpired', data: { reason: 'not_closed', expiredAt: t.closeDeadline.toISOString(), wasActive: true } }]
          : [{ type: 'SessionExpired', data: { reason: 'not_activated', expiredAt: t.activationDeadline.toISOString(), wasActive: false } }];
      }
      case 'RecordCreditsSent':
        if (state.creditsSent !== null) return [];
        checkInteger('credits', 'Crediti AI', command.credits, { min: 0, max: MAX_SESSION_CREDITS });
        return [{ type: 'SessionCreditsSent', data: { credits: command.credits } }];
      case 'RecordCreditsSettled':
        if (state.creditsSettled || state.creditsSent === null) return [];
        checkInteger('used', 'Crediti AI usati', command.used, { min: 0, max: MAX_SESSION_CREDITS });
        checkInteger('returned', 'Crediti AI restituiti', command.returned, { min: 0, max: MAX_SESSION_CREDITS });
        return [{ type: 'SessionCreditsSettled', data: { used: command.used, returned: command.returned } }];
      case 'ForgetNetworkData':
        if (state.networkForgotten) return [];
        if (!isEnded(state) && status !== 'expired') throw new DomainError('La sessione non è ancora finita.', 'rule');
        return [{ type: 'SessionNetworkDataForgotten', data: { forgottenAt: now.toISOString() } }];
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'SessionScheduled': {
        const { scheduledStartAt, scheduledEndAt, activationCodeKey, activationCodeVersion, closureCodeKey, closureCodeVersion, ...fields } = event.data;
        return {
          ...state,
          exists: true,
          fields,
          status: 'pending',
          scheduledStartAt,
          scheduledEndAt,
          activation: { key: activationCodeKey, version: activationCodeVersion, tries: 0, burnt: false },
          closure: { key: closureCodeKey, version: closureCodeVersion, tries: 0, burnt: false },
        };
      }
      case 'SessionRescheduled':
        return { ...state, scheduledStartAt: event.data.scheduledStartAt, scheduledEndAt: event.data.scheduledEndAt, markedReady: false };
      case 'SessionReady':
        return { ...state, markedReady: true };
      case 'SessionCodeReissued': {
        const code = { key: event.data.key, version: event.data.version, tries: 0, burnt: false };
        return event.data.kind === 'activation' ? { ...state, activation: code } : { ...state, closure: code };
      }
      case 'SessionCodeMistyped':
        return event.data.kind === 'activation'
          ? { ...state, activation: { ...state.activation, tries: event.data.tries } }
          : { ...state, closure: { ...state.closure, tries: event.data.tries } };
      case 'SessionCodeBurnt':
        return event.data.kind === 'activation' ? { ...state, activation: { ...state.activation, burnt: true } } : { ...state, closure: { ...state.closure, burnt: true } };
      case 'SessionActivationRequested': {
        const { requestedAt: _at, ...details } = event.data;
        return { ...state, awaitingConfirmation: details };
      }
      case 'SessionActivated':
        // No credits to send: nothing is sent at activation (recorded so, without an event of its own).
        return { ...state, status: 'active', awaitingConfirmation: null, startedAt: event.data.startedAt, creditsSent: state.fields?.aiCredits === 0 ? 0 : state.creditsSent };
      case 'SessionCompleted':
        return { ...state, status: 'completed', endedAt: event.data.endedAt };
      case 'SessionRevoked':
        return { ...state, status: 'revoked', awaitingConfirmation: null, endedAt: event.data.revokedAt };
      case 'SessionCancelled':
        return { ...state, status: 'cancelled', awaitingConfirmation: null, endedAt: event.data.cancelledAt };
      case 'SessionExpired':
        return { ...state, status: 'expired', awaitingConfirmation: null, endedAt: event.data.expiredAt };
      case 'SessionCreditsSent':
        return { ...state, creditsSent: event.data.credits };
      case 'SessionCreditsSettled':
        return { ...state, creditsSettled: { used: event.data.used, returned: event.data.returned } };
      case 'SessionNetworkDataForgotten':
        return { ...state, networkForgotten: true };
      default:
        return state;
    }
  },
};

/** Whether the collaborator may act for the shop now: active, within its end and grace. */
export const actingNow = (state: SessionState, now: Date): boolean => state.exists && statusAt(state, now) === 'active';
