import type { Decider, DomainEvent } from '../../platform/domain/decider.js';
import { DomainError } from '../../platform/domain/errors.js';

export const reservationStreamId = (reservationId: string): string => `reservation-${reservationId}`;

/** The hold a confirmed reservation keeps on its product's stock (docs/api-orders.md, Events). */
export const reservationHoldId = (reservationId: string): string => `reservation:${reservationId}`;

/** Spec §4 product_reservations, with the labels the screens show. */
export type ReservationStatus = 'pending' | 'confirmed' | 'ready' | 'completed' | 'cancelled';
export const reservationStatusLabels: Record<ReservationStatus, string> = {
  pending: 'In attesa',
  confirmed: 'Confermata',
  ready: 'Pronta per il ritiro',
  completed: 'Ritirata',
  cancelled: 'Annullata',
};

export const RESERVATION_MAX_QUANTITY = 99;
export const RESERVATION_MAX_DAYS_AHEAD = 30;
/**
 * Spec §9 gives none: a reservation not collected expires this long after the end (midnight,
 * Europe/Rome) of its day, i.e. at 02:00 the next morning, so a late pickup at closing still counts.
 */
export const RESERVATION_GRACE_HOURS = 2;

export type ReservationCancelledBy = 'customer' | 'store' | 'system';

/** Who the reservation belongs to, carried by every event so readers need no other table. */
export interface ReservationRef {
  reservationId: string;
  userId: string;
  storeId: string;
  storeOwnerId: string;
  storeName: string;
  productId: string;
  productName: string;
  quantity: number;
  /** YYYY-MM-DD, the day of the pickup in Europe/Rome. */
  reservationDate: string;
}

export interface ReservationRequestedData extends ReservationRef {
  customerName: string;
  customerPhone: string;
  customerEmail: string;
  /** "HH:MM" or null. */
  preferredPickupTime: string | null;
  notes: string;
}

export type ReservationCommand =
  | { type: 'RequestReservation'; reservation: ReservationRequestedData; now: Date }
  | { type: 'ConfirmReservation'; shopkeeperNotes: string }
  | { type: 'MarkReservationReady' }
  | { type: 'CompleteReservation' }
  | { type: 'CancelReservation'; by: 'customer' | 'store'; reason: string }
  /** Sent by the expiry process; changes nothing for a reservation already closed. */
  | { type: 'ExpireReservation'; now: Date };

export type ReservationEvent =
  | DomainEvent<'ReservationRequested', ReservationRequestedData>
  | DomainEvent<'ReservationConfirmed', ReservationRef & { shopkeeperNotes: string }>
  | DomainEvent<'ReservationReady', ReservationRef>
  | DomainEvent<'ReservationCompleted', ReservationRef>
  | DomainEvent<'ReservationCancelled', ReservationRef & { by: ReservationCancelledBy; reason: string; expired: boolean }>;

export interface ReservationState {
  reservation: ReservationRequestedData | null;
  status: ReservationStatus;
}

export type ReservationAction = 'confirm' | 'ready' | 'complete' | 'cancel';
export type ReservationSide = 'customer' | 'store' | 'admin';

/** What each side may do in each state: the shop moves it along, either side cancels until it is collected. */
export function allowedReservationActions(status: ReservationStatus, side: ReservationSide): ReservationAction[] {
  if (side === 'customer') return status === 'pending' || status === 'confirmed' || status === 'ready' ? ['cancel'] : [];
  switch (status) {
    case 'pending':
      return ['confirm', 'cancel'];
    case 'confirmed':
      return ['ready', 'cancel'];
    case 'ready':
      return ['complete', 'cancel'];
    default:
      return [];
  }
}

/** Whether the reservation still holds (or may come to hold) stock: not yet collected nor cancelled. */
export const isOpenReservation = (status: ReservationStatus): boolean => status === 'pending' || status === 'confirmed' || status === 'ready';

// ---------------------------------------------------------------------------------------------
// Days in Europe/Rome

const romeParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Rome',
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

function romeWallClock(at: Date): { date: string; utcMs: number } {
  const p = Object.fromEntries(romeParts.formatToParts(at).map((x) => [x.type, x.value]));
  return {
    date: `${p.year}-${p.month}-${p.day}`,
    utcMs: Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second)),
  };
}

/** The calendar day (YYYY-MM-DD) it is in Rome at `at`. */
export const romeDate = (at: Date): string => romeWallClock(at).date;

const dateRe = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar day written YYYY-MM-DD (no 31 February). */
export function isCalendarDate(date: string): boolean {
  const m = dateRe.exec(date);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === date;
}

export function addDays(date: string, days: number): string {
  const m = dateRe.exec(date)!;
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + days)).toISOString().slice(0, 10);
}

/** The instant a Rome day begins (midnight never falls in a daylight-saving jump there). */
function romeMidnight(date: string): Date {
  const m = dateRe.exec(date)!;
  const utcMidnight = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  const offset = romeWallClock(new Date(utcMidnight)).utcMs - utcMidnight;
  return new Date(utcMidnight - offset);
}

/** When a reservation for `date` not yet collected expires: the end of that day in Rome plus the grace. */
export function reservationDeadline(date: string): Date {
  return new Date(romeMidnight(addDays(date, 1)).getTime() + RESERVATION_GRACE_HOURS * 3_600_000);
}

// ---------------------------------------------------------------------------------------------

const refOf = (r: ReservationRequestedData): ReservationRef => ({
  reservationId: r.reservationId,
  userId: r.userId,
  storeId: r.storeId,
  storeOwnerId: r.storeOwnerId,
  storeName: r.storeName,
  productId: r.productId,
  productName: r.productName,
  quantity: r.quantity,
  reservationDate: r.reservationDate,
});

const notAllowed = (status: ReservationStatus, what: string) => new DomainError(`Non è possibile ${what} una prenotazione «${reservationStatusLabels[status]}».`, 'rule');

function checkRequest(r: ReservationRequestedData, now: Date): void {
  if (!Number.isInteger(r.quantity) || r.quantity < 1 || r.quantity > RESERVATION_MAX_QUANTITY) {
    const message = `La quantità deve essere un numero intero tra 1 e ${RESERVATION_MAX_QUANTITY}.`;
    throw new DomainError(message, 'rule', { quantity: message });
  }
  if (!isCalendarDate(r.reservationDate)) {
    throw new DomainError('Data di ritiro non valida.', 'rule', { reservationDate: 'Scrivi la data come AAAA-MM-GG.' });
  }
  const today = romeDate(now);
  if (r.reservationDate < today) {
    throw new DomainError('La data di ritiro è già passata: scegli oggi o un giorno successivo.', 'rule', { reservationDate: 'Scegli oggi o un giorno successivo.' });
  }
  if (r.reservationDate > addDays(today, RESERVATION_MAX_DAYS_AHEAD)) {
    const message = `Si può prenotare al massimo ${RESERVATION_MAX_DAYS_AHEAD} giorni in anticipo.`;
    throw new DomainError(message, 'rule', { reservationDate: message });
  }
  if (r.preferredPickupTime !== null && !/^([01]\d|2[0-3]):[0-5]\d$/.test(r.preferredPickupTime)) {
    throw new DomainError('Orario di ritiro non valido.', 'rule', { preferredPickupTime: 'Scrivi l’orario come HH:MM, ad esempio 17:30.' });
  }
}

export const reservationDecider: Decider<ReservationCommand, ReservationEvent, ReservationState> = {
  initialState: { reservation: null, status: 'pending' },

  decide(command, state) {
    if (command.type === 'RequestReservation') {
      // The same request again (same id) changes nothing.
      if (state.reservation) return [];
      checkRequest(command.reservation, command.now);
      return [{ type: 'ReservationRequested', data: command.reservation }];
    }
    const reservation = state.reservation;
    if (!reservation) throw new DomainError('Prenotazione non trovata.', 'not-found');
    const ref = refOf(reservation);
    const { status } = state;
    switch (command.type) {
      case 'ConfirmReservation':
        if (status !== 'pending') throw notAllowed(status, 'confermare');
        return [{ type: 'ReservationConfirmed', data: { ...ref, shopkeeperNotes: command.shopkeeperNotes.trim() } }];
      case 'MarkReservationReady':
        if (status !== 'confirmed')
          throw status === 'pending' ? new DomainError('Conferma la prenotazione prima di segnarla come pronta.', 'rule') : notAllowed(status, 'segnare come pronta');
        return [{ type: 'ReservationReady', data: ref }];
      case 'CompleteReservation':
        if (status !== 'ready') throw notAllowed(status, 'completare');
        return [{ type: 'ReservationCompleted', data: ref }];
      case 'CancelReservation':
        if (!isOpenReservation(status)) throw notAllowed(status, 'annullare');
        return [{ type: 'ReservationCancelled', data: { ...ref, by: command.by, reason: command.reason.trim(), expired: false } }];
      case 'ExpireReservation':
        if (!isOpenReservation(status)) return [];
        if (command.now < reservationDeadline(reservation.reservationDate)) throw new DomainError('La prenotazione non è ancora scaduta.', 'rule');
        return [
          {
            type: 'ReservationCancelled',
            data: { ...ref, by: 'system', reason: 'Prenotazione scaduta: non ritirata entro il giorno scelto.', expired: true },
          },
        ];
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'ReservationRequested':
        return { reservation: event.data, status: 'pending' };
      case 'ReservationConfirmed':
        return { ...state, status: 'confirmed' };
      case 'ReservationReady':
        return { ...state, status: 'ready' };
      case 'ReservationCompleted':
        return { ...state, status: 'completed' };
      case 'ReservationCancelled':
        return { ...state, status: 'cancelled' };
      default:
        return state;
    }
  },
};
