import { describe, expect, it } from 'vitest';
import type { OpeningHours } from './api';
import { formatOpeningHours, openingHoursGroups, openingHoursProblems, typicalOpeningHours } from './OpeningHoursEditor';

const week = (day: OpeningHours['1'], changes: Partial<OpeningHours> = {}): OpeningHours => ({
  '0': [],
  '1': day,
  '2': day,
  '3': day,
  '4': day,
  '5': day,
  '6': [],
  ...changes,
});

describe('opening hours', () => {
  it('accepts the usual split week and closed days', () => {
    expect(openingHoursProblems(typicalOpeningHours)).toEqual({});
    expect(
      openingHoursProblems(
        week([
          { open: '09:00', close: '13:00' },
          { open: '15:30', close: '19:30' },
        ]),
      ),
    ).toEqual({});
  });

  it('names the day and the rule each wrong day breaks', () => {
    const problems = openingHoursProblems(
      week([{ open: '09:00', close: '13:00' }], {
        '2': [{ open: '13:00', close: '09:00' }],
        '3': [
          { open: '09:00', close: '13:00' },
          { open: '12:30', close: '19:00' },
        ],
        '4': [{ open: '9', close: '13:00' }],
        '5': [
          { open: '08:00', close: '09:00' },
          { open: '10:00', close: '11:00' },
          { open: '12:00', close: '13:00' },
          { open: '14:00', close: '15:00' },
        ],
      }),
    );
    expect(problems).toEqual({
      '2': 'L’orario di chiusura deve venire dopo quello di apertura.',
      '3': 'Le fasce orarie dello stesso giorno non possono sovrapporsi.',
      '4': 'Completa gli orari nel formato HH:MM.',
      '5': 'Al massimo tre fasce orarie al giorno.',
    });
  });

  it('lets one range end exactly when the next begins', () => {
    expect(
      openingHoursProblems(
        week([
          { open: '09:00', close: '13:00' },
          { open: '13:00', close: '17:00' },
        ]),
      ),
    ).toEqual({});
  });

  it('groups consecutive days with the same hours, Monday first, ranges in order', () => {
    const hours = week(
      [
        { open: '16:30', close: '19:30' },
        { open: '08:30', close: '13:30' },
      ],
      { '6': [{ open: '08:30', close: '13:30' }] },
    );
    expect(openingHoursGroups(hours)).toEqual(['Lun–Ven 08:30–13:30, 16:30–19:30', 'Sab 08:30–13:30', 'Dom chiuso']);
    expect(formatOpeningHours(hours)).toBe('Lun–Ven 08:30–13:30, 16:30–19:30; Sab 08:30–13:30; Dom chiuso');
  });

  it('reads a missing day as closed and says so once for a closed week', () => {
    expect(openingHoursGroups({ '1': [{ open: '09:00', close: '12:00' }] })).toEqual(['Lun 09:00–12:00', 'Mar–Dom chiuso']);
    expect(openingHoursGroups({})).toEqual(['Chiuso tutta la settimana']);
    // Not stated is not closed: the shop has not said yet.
    expect(openingHoursGroups(null)).toEqual(['Orari non indicati']);
  });
});
