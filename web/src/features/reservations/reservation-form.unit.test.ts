import { describe, expect, it } from 'vitest';
import { reservationStatusLabel } from './api';
import type { OpeningHours } from '../stores/api';
import { addDays, formatDay, romeToday } from '../../lib/dates';
import { firstOpenDay, hoursOn, reservationBody, reservationSchema, type ReservationValues } from './reservation-form';

const valid: ReservationValues = {
  quantity: '2',
  reservationDate: '2025-03-10',
  preferredPickupTime: '17:30',
  notes: '',
  customerName: 'Maria Rossi',
  customerPhone: '+39 333 1234567',
  customerEmail: 'maria@example.it',
};

const messages = (values: Partial<ReservationValues>, today = '2025-03-10', hours?: OpeningHours) => {
  const result = reservationSchema(today, hours).safeParse({ ...valid, ...values });
  return result.success ? [] : result.error.issues.map((i) => i.message);
};

describe('the reservation calendar', () => {
  it('takes today from Rome, not from the device', () => {
    // 23:30 UTC on 9 March is already 10 March in Rome (UTC+1).
    expect(romeToday(new Date('2025-03-09T23:30:00Z'))).toBe('2025-03-10');
    // 22:30 UTC on 30 June is 00:30 on 1 July in Rome (UTC+2, summer time).
    expect(romeToday(new Date('2025-06-30T22:30:00Z'))).toBe('2025-07-01');
    expect(romeToday(new Date('2025-06-30T21:30:00Z'))).toBe('2025-06-30');
  });

  it('adds days across months, years and the clock change', () => {
    expect(addDays('2025-01-31', 1)).toBe('2025-02-01');
    expect(addDays('2024-12-15', 30)).toBe('2025-01-14');
    expect(addDays('2025-03-29', 2)).toBe('2025-03-31');
  });

  it('writes a day the Italian way, with the year only when it is another year', () => {
    expect(formatDay('2025-05-03', '2025-03-10')).toBe('sabato 3 maggio');
    expect(formatDay('2026-01-02', '2025-12-20')).toBe('venerdì 2 gennaio 2026');
  });
});

describe('the reservation form', () => {
  it('accepts a complete request from today to 30 days ahead', () => {
    expect(messages({})).toEqual([]);
    expect(messages({ reservationDate: '2025-04-09', preferredPickupTime: '' })).toEqual([]);
  });

  it('refuses a past day and a day too far ahead', () => {
    expect(messages({ reservationDate: '2025-03-09' })).toEqual(['Scegli oggi o un giorno futuro.']);
    expect(messages({ reservationDate: '2025-04-10' })).toEqual(['Puoi prenotare al massimo 30 giorni prima.']);
    expect(messages({ reservationDate: '' })).toContain('Scegli il giorno del ritiro.');
  });

  it('wants 1 to 99 whole pieces', () => {
    expect(messages({ quantity: '0' })).toEqual(['Quantità: da 1 a 99 pezzi.']);
    expect(messages({ quantity: '100' })).toEqual(['Quantità: da 1 a 99 pezzi.']);
    expect(messages({ quantity: '1,5' })).toContain('Quantità: scrivi un numero intero.');
  });

  it('needs a name, a phone number and an e-mail address', () => {
    expect(messages({ customerName: '  ', customerPhone: '', customerEmail: 'maria' })).toEqual([
      'Nome: campo obbligatorio.',
      'Telefono: campo obbligatorio.',
      'Indirizzo e-mail non valido.',
    ]);
    expect(messages({ customerPhone: 'chiamami' })).toEqual(['Numero di telefono non valido.']);
    expect(messages({ preferredPickupTime: '25:00' })).toEqual(['Orario non valido: ad esempio 17:30.']);
  });

  it('sends numbers as numbers and leaves empty optional fields out', () => {
    expect(reservationBody('p1', { ...valid, preferredPickupTime: '', notes: '  ', customerName: ' Maria Rossi ' })).toEqual({
      productId: 'p1',
      quantity: 2,
      reservationDate: '2025-03-10',
      customerName: 'Maria Rossi',
      customerPhone: '+39 333 1234567',
      customerEmail: 'maria@example.it',
    });
    expect(reservationBody('p1', { ...valid, notes: 'Taglia M' })).toMatchObject({ preferredPickupTime: '17:30', notes: 'Taglia M' });
  });

  it('calls a lapsed reservation "Scaduta"', () => {
    expect(reservationStatusLabel({ status: 'cancelled', expired: true })).toBe('Scaduta');
    expect(reservationStatusLabel({ status: 'cancelled', expired: false })).toBe('Annullata');
    expect(reservationStatusLabel({ status: 'ready', expired: false })).toBe('Pronta');
  });
});

// Closed on Sunday; Saturday mornings only; the week split around lunch.
const weekday = [
  { open: '08:30', close: '13:30' },
  { open: '16:30', close: '19:30' },
];
const hours: OpeningHours = { '0': [], '1': weekday, '2': weekday, '3': weekday, '4': weekday, '5': weekday, '6': [{ open: '08:30', close: '13:30' }] };

describe("the shop's hours in the reservation form", () => {
  it('knows the hours of a calendar day', () => {
    expect(hoursOn(hours, '2025-03-09')).toEqual([]);
    expect(hoursOn(hours, '2025-03-15')).toEqual([{ open: '08:30', close: '13:30' }]);
  });

  it('starts on the first day the shop opens', () => {
    expect(firstOpenDay('2025-03-09', hours)).toBe('2025-03-10');
    expect(firstOpenDay('2025-03-10', hours)).toBe('2025-03-10');
    expect(firstOpenDay('2025-03-09', undefined)).toBe('2025-03-09');
  });

  it('refuses a closed day and a time the shop is closed', () => {
    // 10 March 2025 is a Monday, 16 March a Sunday.
    expect(messages({ reservationDate: '2025-03-16' }, '2025-03-10', hours)).toEqual(['Di domenica il negozio è chiuso: scegli un altro giorno.']);
    expect(messages({ preferredPickupTime: '14:00' }, '2025-03-10', hours)).toEqual(['A quell’ora il negozio è chiuso: 08:30–13:30, 16:30–19:30.']);
    expect(messages({ preferredPickupTime: '19:30' }, '2025-03-10', hours)).toHaveLength(1);
    expect(messages({ preferredPickupTime: '16:30' }, '2025-03-10', hours)).toEqual([]);
    expect(messages({ preferredPickupTime: '' }, '2025-03-10', hours)).toEqual([]);
  });

  it('does not judge hours a shop never entered', () => {
    const none: OpeningHours = { '0': [], '1': [], '2': [], '3': [], '4': [], '5': [], '6': [] };
    expect(messages({ reservationDate: '2025-03-16' }, '2025-03-10', none)).toEqual([]);
  });
});
