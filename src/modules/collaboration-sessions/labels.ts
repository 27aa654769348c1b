/*
 * A collaboration session's states, security levels and time windows, and a standing access's
 * states, with their Italian names: said once for the server and the web
 * (@pure/collaboration-sessions/labels). Pure data, importing nothing.
 */

/** Spec §4: pending → ready → active → completed; or expired, cancelled, revoked. */
export const sessionStatuses = ['pending', 'ready', 'active', 'completed', 'expired', 'cancelled', 'revoked'] as const;
export type SessionStatus = (typeof sessionStatuses)[number];
/** basic: the code; standard: the code and the collaborator's position at the shop; high: standard and the shopkeeper's confirmation. */
export const securityLevels = ['basic', 'standard', 'high'] as const;
export type SecurityLevel = (typeof securityLevels)[number];
/** Why a session expired by itself. */
export const sessionExpiredReasons = ['not_activated', 'not_closed'] as const;
export type SessionExpiredReason = (typeof sessionExpiredReasons)[number];
export const codeKinds = ['activation', 'closure'] as const;
export const codeKindLabels: Record<(typeof codeKinds)[number], string> = { activation: 'Attivazione', closure: 'Chiusura' };
export type CodeKind = (typeof codeKinds)[number];

export const sessionStatusLabels: Record<SessionStatus, string> = {
  pending: 'Programmata',
  ready: 'Pronta per l’attivazione',
  active: 'Attiva',
  completed: 'Completata',
  expired: 'Scaduta',
  cancelled: 'Annullata',
  revoked: 'Revocata',
};
export const securityLevelLabels: Record<SecurityLevel, string> = {
  basic: 'Base: solo il codice',
  standard: 'Standard: codice e posizione in negozio',
  high: 'Alta: codice, posizione e conferma del negoziante',
};
export const sessionExpiredReasonLabels: Record<SessionExpiredReason, string> = {
  not_activated: 'non attivata in tempo',
  not_closed: 'non chiusa entro la fine prevista',
};

/** A session is ready (its activation code shown to the shopkeeper) this long before its start. */
export const READY_BEFORE_MS = 30 * 60_000;
/** It may be activated until this long after its scheduled start; then it expires. */
export const ACTIVATION_GRACE_MS = 60 * 60_000;
/** Still active this long after its scheduled end: it expires by itself (access ends, credits go back). */
export const CLOSE_GRACE_MS = 30 * 60_000;
/** Wrong codes a collaborator may type before the codes they are waiting to use are burnt. */
export const MAX_CODE_TRIES = 5;
/** Standard and high security: the collaborator's position within this distance of the shop. */
export const LOCATION_RADIUS_M = 200;
/** A code: this many characters of CODE_ALPHABET (no 0/O, 1/I/L: read aloud and typed on a phone). */
export const CODE_LENGTH = 8;
export const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/** A session lasts at least 15 minutes and at most 12 hours, and starts within 90 days. */
export const MIN_SESSION_MS = 15 * 60_000;
export const MAX_SESSION_MS = 12 * 60 * 60_000;
export const MAX_SCHEDULE_AHEAD_MS = 90 * 24 * 60 * 60_000;
/** The most AI credits a session or a standing access may carry. */
export const MAX_SESSION_CREDITS = 10_000;
/** A standing access lasts at most a year. */
export const MAX_ACCESS_MS = 365 * 24 * 60 * 60_000;

/** A standing access (store_collaborator_assignments): its state as read now. */
export const accessStatuses = ['issued', 'active', 'expired', 'ended'] as const;
export type AccessStatus = (typeof accessStatuses)[number];
export const accessStatusLabels: Record<AccessStatus, string> = {
  issued: 'Codice da riscattare',
  active: 'Attivo',
  expired: 'Scaduto',
  ended: 'Terminato',
};

/** A code as people read it: two groups of four ("ABCD-2345"); typed with or without the dash, any case. */
export const formatCode = (code: string): string => (code.length === CODE_LENGTH ? `${code.slice(0, 4)}-${code.slice(4)}` : code);
export const normalizeCode = (typed: string): string => typed.toUpperCase().replace(/[^A-Z0-9]/g, '');
