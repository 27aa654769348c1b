import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { codeProblem, countdownText, distanceWords, durationWords, proposedSessionTimes, sessionTimes, typedCode } from './session-figures';

describe('a session’s code as it is typed', () => {
  it('shows capitals grouped by four, with or without the dash typed', () => {
    expect(typedCode('abcd')).toBe('ABCD');
    expect(typedCode('abcd2')).toBe('ABCD-2');
    expect(typedCode('abcd-2345')).toBe('ABCD-2345');
    expect(typedCode(' AbCd 2345 ')).toBe('ABCD-2345');
    // A longer code pasted is kept whole, never cut to eight: it is said too long.
    expect(typedCode('ABCD2345XYZ')).toBe('ABCD-2345XYZ');
    expect(codeProblem(typedCode('ABCD2345XYZ'))).toBe('Il codice ha 8 caratteri: ne hai scritti 11.');
  });

  it('says what is wrong before sending it', () => {
    expect(codeProblem('')).toBe('Scrivi il codice.');
    expect(codeProblem('ABCD-23')).toBe('Il codice ha 8 caratteri: ne hai scritti 6.');
    expect(codeProblem('ABCD-2340')).toMatch(/non contiene 0, 1, I, L né O/);
    expect(codeProblem('abcd-2345')).toBeNull();
    expect(codeProblem('ABCD2345')).toBeNull();
  });
});

describe('times of a session', () => {
  beforeEach(() => vi.stubEnv('TZ', 'UTC'));
  afterEach(() => vi.unstubAllEnvs());
  const now = new Date('2026-11-23T08:00:00Z');

  it('counts down in hours, minutes and seconds', () => {
    expect(countdownText(3_909_000)).toBe('1:05:09');
    expect(countdownText(247_000)).toBe('4:07');
    expect(countdownText(-5_000)).toBe('0:00');
  });

  it('says durations in words', () => {
    expect(durationWords(30_000)).toBe('meno di un minuto');
    expect(durationWords(60_000)).toBe('1 minuto');
    expect(durationWords(8_100_000)).toBe('2 ore e 15 minuti');
    expect(durationWords(12 * 3_600_000)).toBe('12 ore');
  });

  it('reads the day and the times on Rome’s clock, the end past midnight on the next day', () => {
    expect(sessionTimes({ date: '2026-11-23', start: '10:00', end: '12:30' }, now)).toEqual({
      scheduledStartAt: '2026-11-23T09:00:00.000Z',
      scheduledEndAt: '2026-11-23T11:30:00.000Z',
    });
    expect(sessionTimes({ date: '2026-11-23', start: '22:00', end: '02:00' }, now)).toEqual({
      scheduledStartAt: '2026-11-23T21:00:00.000Z',
      scheduledEndAt: '2026-11-24T01:00:00.000Z',
    });
  });

  it('proposes times in a working day, never in the night, as long as asked', () => {
    // 09:00 in Rome: from half past, two hours unless told.
    expect(proposedSessionTimes(now)).toEqual({ date: '2026-11-23', start: '09:30', end: '11:30' });
    expect(proposedSessionTimes(now, 45 * 60_000)).toEqual({ date: '2026-11-23', start: '09:30', end: '10:15' });
    // 22:10 in Rome (the purchase that once set a session at 23:00): the next morning.
    expect(proposedSessionTimes(new Date('2026-11-23T21:10:00Z'), 2 * 3_600_000)).toEqual({ date: '2026-11-24', start: '09:00', end: '11:00' });
    // 18:40, three hours: it would end after 20:00, so the next morning.
    expect(proposedSessionTimes(new Date('2026-11-23T17:40:00Z'), 3 * 3_600_000)).toEqual({ date: '2026-11-24', start: '09:00', end: '12:00' });
    // 05:00: at 9:00 the same day; a length past the bounds is held to them.
    expect(proposedSessionTimes(new Date('2026-11-23T04:00:00Z'), 5 * 60_000)).toEqual({ date: '2026-11-23', start: '09:00', end: '09:15' });
    expect(proposedSessionTimes(now, 20 * 3_600_000)).toEqual({ date: '2026-11-24', start: '09:00', end: '21:00' });
    // Each proposal is a session the form accepts.
    for (const at of ['2026-11-23T08:00:00Z', '2026-11-23T21:10:00Z', '2026-11-23T17:40:00Z']) {
      expect(sessionTimes(proposedSessionTimes(new Date(at)), new Date(at))).toHaveProperty('scheduledStartAt');
    }
  });

  it('refuses a start past, a session too short or too long, and one too far ahead', () => {
    expect(sessionTimes({ date: '2026-11-23', start: '08:30', end: '12:00' }, now)).toEqual({ problem: 'L’inizio deve essere nel futuro.' });
    expect(sessionTimes({ date: '2026-11-23', start: '10:00', end: '10:10' }, now)).toEqual({ problem: 'Una sessione dura almeno 15 minuti.' });
    expect(sessionTimes({ date: '2026-11-23', start: '10:00', end: '09:00' }, now)).toEqual({ problem: 'Una sessione dura al massimo 12 ore.' });
    expect(sessionTimes({ date: '2027-06-01', start: '10:00', end: '12:00' }, now)).toEqual({ problem: 'Puoi programmare una sessione al massimo 90 giorni prima.' });
    expect(sessionTimes({ date: '', start: '10:00', end: '12:00' }, now)).toEqual({ problem: 'Indica il giorno, l’ora di inizio e quella di fine.' });
  });

  it('says how far the collaborator is from the shop', () => {
    expect(distanceWords(0.083)).toBe('a circa 80 m');
    expect(distanceWords(0.001)).toBe('a circa 10 m');
    expect(distanceWords(1.24)).toBe('a circa 1,2 km');
  });
});
