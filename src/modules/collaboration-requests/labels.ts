/*
 * A collaboration request's kinds and states, their Italian names and its time windows, said once
 * for both sides: the server's deciders and answers, the web's badges and forms
 * (@pure/collaboration-requests/labels). Pure data, importing nothing.
 */

export const requestTypes = ['direct', 'waiting', 'auto_match'] as const;
export type RequestType = (typeof requestTypes)[number];
export const urgencyLevels = ['low', 'normal', 'high', 'urgent'] as const;
export type UrgencyLevel = (typeof urgencyLevels)[number];
/** Spec §4: waiting (default), pending, accepted, rejected, expired, completed, cancelled. */
export const requestStatuses = ['waiting', 'pending', 'accepted', 'rejected', 'expired', 'cancelled', 'completed'] as const;
export type RequestStatus = (typeof requestStatuses)[number];
export const expiredReasons = ['deadline', 'no_match', 'not_purchased'] as const;
export type ExpiredReason = (typeof expiredReasons)[number];

/** How long an auto_match offer waits for its collaborator, by urgency. */
export const offerWindowMs: Record<UrgencyLevel, number> = {
  urgent: 15 * 60_000,
  high: 60 * 60_000,
  normal: 4 * 60 * 60_000,
  low: 24 * 60 * 60_000,
};
/** The shopkeeper's time to buy the unlock once a collaborator accepted. */
export const PURCHASE_WINDOW_MS = 24 * 60 * 60_000;
/** A request waits for an answer this long unless the shopkeeper says otherwise, and at most MAX_RESPONSE_MS. */
export const DEFAULT_RESPONSE_MS = 24 * 60 * 60_000;
export const MAX_RESPONSE_MS = 30 * 24 * 60 * 60_000;

export const requestTypeLabels: Record<RequestType, string> = {
  direct: 'Diretta',
  waiting: 'Aperta a tutti',
  auto_match: 'Assegnazione automatica',
};
export const urgencyLabels: Record<UrgencyLevel, string> = { low: 'Bassa', normal: 'Normale', high: 'Alta', urgent: 'Urgente' };
export const requestStatusLabels: Record<RequestStatus, string> = {
  waiting: 'In attesa di un collaboratore',
  pending: 'In attesa di risposta',
  accepted: 'Accettata',
  rejected: 'Rifiutata',
  expired: 'Scaduta',
  cancelled: 'Annullata',
  completed: 'Completata',
};
export const expiredReasonLabels: Record<ExpiredReason, string> = {
  deadline: 'nessuna risposta entro la scadenza',
  no_match: 'nessun altro collaboratore disponibile',
  not_purchased: 'pacchetto non acquistato in tempo',
};
