import { describe, expect, it } from 'vitest';
import { fold } from '../../platform/domain/decider.js';
import { DomainError } from '../../platform/domain/errors.js';
import { deciderSpec } from '../../platform/testing/decider-spec.js';
import {
  addDays,
  allowedReservationActions,
  isCalendarDate,
  reservationDeadline,
  reservationDecider,
  romeDate,
  type ReservationEvent,
  type ReservationRef,
  type ReservationRequestedData,
} from './reservation.js';

// 10:00 in Rome on 10 June 2026 (summer time, UTC+2).
const now = new Date('2026-06-10T08:00:00Z');

const ref: ReservationRef = {
  reservationId: 'r1',
  userId: 'u1',
  storeId: 's1',
  storeOwnerId: 'o1',
  storeName: 'Forno Rossi',
  productId: 'p1',
  productName: 'Pane di Altamura',
  quantity: 2,
  reservationDate: '2026-06-10',
};
const request: ReservationRequestedData = {
  ...ref,
  customerName: 'Giulia Bianchi',
  customerPhone: '+39 333 1234567',
  customerEmail: 'giulia@esempio.it',
  preferredPickupTime: '17:30',
  notes: 'Ben cotto',
};

const requested: ReservationEvent = { type: 'ReservationRequested', data: request };
const confirmed: ReservationEvent = { type: 'ReservationConfirmed', data: { ...ref, shopkeeperNotes: '' } };
const ready: ReservationEvent = { type: 'ReservationReady', data: ref };
const completed: ReservationEvent = { type: 'ReservationCompleted', data: ref };
const cancelled: ReservationEvent = { type: 'ReservationCancelled', data: { ...ref, by: 'customer', reason: '', expired: false } };

const spec = deciderSpec(reservationDecider);

describe('reservation request', () => {
  const ask = (changes: Partial<ReservationRequestedData>, at = now) => spec.given([]).when({ type: 'RequestReservation', reservation: { ...request, ...changes }, now: at });
  const accepted = (changes: Partial<ReservationRequestedData>, at = now) => ask(changes, at).then([{ type: 'ReservationRequested', data: { ...request, ...changes } }]);

  it('records the request with everything the shop needs', () => {
    ask({}).then([{ type: 'ReservationRequested', data: request }]);
  });

  it('changes nothing when the same reservation is requested again', () => {
    spec.given([requested]).when({ type: 'RequestReservation', reservation: request, now }).thenNothing();
  });

  it('takes today and up to 30 days ahead in Rome, nothing before or beyond', () => {
    accepted({ reservationDate: '2026-07-10' });
    const past = {
      message: 'La data di ritiro è già passata: scegli oggi o un giorno successivo.',
      kind: 'rule',
      errors: { reservationDate: 'Scegli oggi o un giorno successivo.' },
    } as const;
    ask({ reservationDate: '2026-06-09' }).thenThrows(DomainError, past);
    ask({ reservationDate: '2026-07-11' }).thenThrows(DomainError, 'Si può prenotare al massimo 30 giorni in anticipo.');
    // 23:30 UTC on 9 June is already 10 June in Rome.
    accepted({}, new Date('2026-06-09T23:30:00Z'));
    // 22:30 in Rome on 10 June: still today.
    accepted({}, new Date('2026-06-10T20:30:00Z'));
    ask({}, new Date('2026-06-10T22:30:00Z')).thenThrows(DomainError, past);
  });

  it('refuses days that do not exist and bad times', () => {
    ask({ reservationDate: '2026-06-31' }).thenThrows(DomainError, 'Data di ritiro non valida.');
    ask({ preferredPickupTime: '24:00' }).thenThrows(DomainError, {
      message: 'Orario di ritiro non valido.',
      errors: { preferredPickupTime: 'Scrivi l’orario come HH:MM, ad esempio 17:30.' },
    });
    accepted({ preferredPickupTime: null });
  });

  it('takes 1 to 99 whole units', () => {
    accepted({ quantity: 99 });
    for (const quantity of [0, 100, 1.5, -1]) {
      ask({ quantity }).thenThrows(DomainError, { errors: { quantity: 'La quantità deve essere un numero intero tra 1 e 99.' } });
    }
  });
});

describe('reservation moves', () => {
  it('goes pending → confirmed → ready → completed', () => {
    spec
      .given([requested])
      .when({ type: 'ConfirmReservation', shopkeeperNotes: ' Da ritirare al banco ' })
      .then([{ type: 'ReservationConfirmed', data: { ...ref, shopkeeperNotes: 'Da ritirare al banco' } }]);
    spec
      .given([requested, confirmed])
      .when({ type: 'MarkReservationReady' })
      .then([{ type: 'ReservationReady', data: ref }]);
    spec
      .given([requested, confirmed, ready])
      .when({ type: 'CompleteReservation' })
      .then([{ type: 'ReservationCompleted', data: ref }]);
    expect(fold(reservationDecider, [requested, confirmed, ready, completed]).status).toBe('completed');
  });

  it('refuses moves out of order with an Italian 422', () => {
    spec.given([requested, confirmed]).when({ type: 'ConfirmReservation', shopkeeperNotes: '' }).thenThrows(DomainError, {
      message: 'Non è possibile confermare una prenotazione «Confermata».',
      kind: 'rule',
    });
    spec.given([requested]).when({ type: 'MarkReservationReady' }).thenThrows(DomainError, { message: 'Conferma la prenotazione prima di segnarla come pronta.', kind: 'rule' });
    spec.given([requested, confirmed]).when({ type: 'CompleteReservation' }).thenThrows(DomainError, {
      message: 'Non è possibile completare una prenotazione «Confermata».',
      kind: 'rule',
    });
    spec.given([requested, cancelled]).when({ type: 'ConfirmReservation', shopkeeperNotes: '' }).thenThrows(DomainError, { kind: 'rule' });
  });

  it('answers 404 for a reservation that does not exist', () => {
    spec.given([]).when({ type: 'CompleteReservation' }).thenThrows(DomainError, { message: 'Prenotazione non trovata.', kind: 'not-found' });
  });

  it('lets either side cancel until it is collected', () => {
    for (const history of [[requested], [requested, confirmed], [requested, confirmed, ready]]) {
      spec
        .given(history)
        .when({ type: 'CancelReservation', by: 'store', reason: ' Chiuso per ferie ' })
        .then([{ type: 'ReservationCancelled', data: { ...ref, by: 'store', reason: 'Chiuso per ferie', expired: false } }]);
      spec
        .given(history)
        .when({ type: 'CancelReservation', by: 'customer', reason: '' })
        .then([{ type: 'ReservationCancelled', data: { ...ref, by: 'customer', reason: '', expired: false } }]);
    }
    spec
      .given([requested, confirmed, ready, completed])
      .when({ type: 'CancelReservation', by: 'customer', reason: '' })
      .thenThrows(DomainError, 'Non è possibile annullare una prenotazione «Ritirata».');
    spec.given([requested, cancelled]).when({ type: 'CancelReservation', by: 'store', reason: '' }).thenThrows(DomainError, { kind: 'rule' });
  });
});

describe('reservation expiry', () => {
  // 10 June ends at 22:00 UTC (midnight in Rome, summer time); two hours of grace.
  const deadline = new Date('2026-06-11T00:00:00Z');

  it('expires an open reservation once its day and the grace are over', () => {
    expect(reservationDeadline('2026-06-10')).toEqual(deadline);
    for (const history of [[requested], [requested, confirmed], [requested, confirmed, ready]]) {
      spec
        .given(history)
        .when({ type: 'ExpireReservation', now: deadline })
        .then([
          {
            type: 'ReservationCancelled',
            data: { ...ref, by: 'system', reason: 'Prenotazione scaduta: non ritirata entro il giorno scelto.', expired: true },
          },
        ]);
    }
  });

  it('refuses before the deadline and changes nothing once closed', () => {
    spec
      .given([requested])
      .when({ type: 'ExpireReservation', now: new Date(deadline.getTime() - 1) })
      .thenThrows(DomainError, 'La prenotazione non è ancora scaduta.');
    spec.given([requested, confirmed, ready, completed]).when({ type: 'ExpireReservation', now: deadline }).thenNothing();
    spec.given([requested, cancelled]).when({ type: 'ExpireReservation', now: deadline }).thenNothing();
  });

  it('counts the day in Rome across daylight saving', () => {
    // Winter: midnight in Rome is 23:00 UTC.
    expect(reservationDeadline('2026-01-15').toISOString()).toBe('2026-01-16T01:00:00.000Z');
    // The night clocks go forward (29 March 2026): the 28th ends at 23:00 UTC.
    expect(reservationDeadline('2026-03-28').toISOString()).toBe('2026-03-29T01:00:00.000Z');
    // The day clocks go forward ends at 22:00 UTC.
    expect(reservationDeadline('2026-03-29').toISOString()).toBe('2026-03-30T00:00:00.000Z');
    expect(reservationDeadline('2026-10-25').toISOString()).toBe('2026-10-26T01:00:00.000Z');
    expect(romeDate(new Date('2026-01-15T23:30:00Z'))).toBe('2026-01-16');
  });

  it('knows calendar days', () => {
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(isCalendarDate('10/06/2026')).toBe(false);
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });
});

describe('allowed actions', () => {
  it('shows each side what it may do now', () => {
    expect(allowedReservationActions('pending', 'store')).toEqual(['confirm', 'cancel']);
    expect(allowedReservationActions('confirmed', 'admin')).toEqual(['ready', 'cancel']);
    expect(allowedReservationActions('ready', 'store')).toEqual(['complete', 'cancel']);
    expect(allowedReservationActions('completed', 'store')).toEqual([]);
    expect(allowedReservationActions('ready', 'customer')).toEqual(['cancel']);
    expect(allowedReservationActions('cancelled', 'customer')).toEqual([]);
  });
});
