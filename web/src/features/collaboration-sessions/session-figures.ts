import { CODE_ALPHABET, CODE_LENGTH, MAX_SCHEDULE_AHEAD_MS, MAX_SESSION_MS, MIN_SESSION_MS, normalizeCode } from '@pure/collaboration-sessions/labels';
import { addDays, formatDuration, romeDateTime, romeToIso } from '../../lib/dates';

/* The sessions' codes, times and countdowns in words, pure so they are tested without a browser. */

/**
 * A code as the field shows it while it is typed: capitals, the dash after the fourth character
 * ("abcd2" → "ABCD-2"), at most the code's length; typed with or without the dash, any case.
 */
export function typedCode(text: string): string {
  // Never cut to its length: a longer code pasted stays whole, and `codeProblem` says it is too long.
  const code = normalizeCode(text);
  return code.length > 4 ? `${code.slice(0, 4)}-${code.slice(4)}` : code;
}

/** What is wrong with a typed code before it is sent; null when it may be a code. */
export function codeProblem(text: string): string | null {
  const code = normalizeCode(text);
  if (code.length === 0) return 'Scrivi il codice.';
  if (code.length !== CODE_LENGTH) return `Il codice ha ${CODE_LENGTH} caratteri: ne hai scritti ${code.length}.`;
  if ([...code].some((c) => !CODE_ALPHABET.includes(c))) return 'Il codice non contiene 0, 1, I, L né O: controlla le lettere e le cifre.';
  return null;
}

/** "1:05:09" or "4:07": how long is left, counted down every second; "0:00" once it is past. */
export function countdownText(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}

/** "2 ore e 15 minuti", "45 minuti", "meno di un minuto": a duration as a sentence says it. */
export const durationWords = (ms: number): string => (ms < 60_000 ? 'meno di un minuto' : formatDuration(Math.floor(ms / 60_000)));

/** A session's times as the form holds them: a day and two times on Rome's clock. */
export interface SessionTimesInput {
  date: string;
  start: string;
  end: string;
}

/** The hours of the day the form proposes sessions in, on Rome's clock: a shop's working day. */
const workingDay = { from: '09:00', earliest: '08:00', until: '20:00' };

/**
 * The times the form proposes for a session `lengthMs` long (15 min to 12 h): from the next half
 * hour but one, on Rome's clock; one that would start before 8:00 starts at 9:00, one that would
 * end after 20:00 starts at 9:00 the next day, never in the night.
 */
export function proposedSessionTimes(now: Date = new Date(), lengthMs = 2 * 3_600_000): SessionTimesInput {
  const length = Math.min(MAX_SESSION_MS, Math.max(MIN_SESSION_MS, lengthMs));
  const halfHour = 30 * 60_000;
  const first = new Date(Math.ceil(now.getTime() / halfHour) * halfHour + halfHour);
  let { date, time } = romeDateTime(first);
  if (time < workingDay.earliest) time = workingDay.from;
  else if (first.getTime() + length > Date.parse(romeToIso(date, workingDay.until))) [date, time] = [addDays(date, 1), workingDay.from];
  return { date, start: time, end: romeDateTime(new Date(Date.parse(romeToIso(date, time)) + length)).time };
}

/**
 * The instants of a session typed as a day, a start and an end on Rome's clock (an end at or
 * before the start is on the next day), or why they cannot be: a start past, too far ahead, a
 * session too short or too long (labels: MIN_SESSION_MS, MAX_SESSION_MS, MAX_SCHEDULE_AHEAD_MS).
 */
export function sessionTimes({ date, start, end }: SessionTimesInput, now: Date = new Date()): { scheduledStartAt: string; scheduledEndAt: string } | { problem: string } {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^\d{2}:\d{2}$/.test(start) || !/^\d{2}:\d{2}$/.test(end)) return { problem: 'Indica il giorno, l’ora di inizio e quella di fine.' };
  const scheduledStartAt = romeToIso(date, start);
  const scheduledEndAt = romeToIso(end <= start ? addDays(date, 1) : date, end);
  const from = new Date(scheduledStartAt).getTime();
  const length = new Date(scheduledEndAt).getTime() - from;
  if (from <= now.getTime()) return { problem: 'L’inizio deve essere nel futuro.' };
  if (from - now.getTime() > MAX_SCHEDULE_AHEAD_MS) return { problem: `Puoi programmare una sessione al massimo ${MAX_SCHEDULE_AHEAD_MS / 86_400_000} giorni prima.` };
  if (length < MIN_SESSION_MS) return { problem: `Una sessione dura almeno ${durationWords(MIN_SESSION_MS)}.` };
  if (length > MAX_SESSION_MS) return { problem: `Una sessione dura al massimo ${durationWords(MAX_SESSION_MS)}.` };
  return { scheduledStartAt, scheduledEndAt };
}

/** "a circa 80 m", "a circa 1,2 km": how far the collaborator is from the shop. */
export function distanceWords(km: number): string {
  return km < 1 ? `a circa ${Math.max(10, Math.round((km * 1000) / 10) * 10)} m` : `a circa ${km.toLocaleString('it-IT', { maximumFractionDigits: 1 })} km`;
}

/** Why the browser gave no position (GeolocationPositionError's code; null: no geolocation at all), and what to do. */
export function positionProblem(code: number | null): string {
  switch (code) {
    case null:
      return 'Questo browser non offre la posizione: per le sessioni con sicurezza standard o alta usa il browser del telefono, aggiornato.';
    case 1:
      return 'Hai negato l’accesso alla posizione. Per attivare una sessione con sicurezza standard o alta consentilo nelle impostazioni del browser per questo sito, poi riprova.';
    case 3:
      return 'Il rilevamento della posizione ha impiegato troppo tempo: riprova, magari vicino a una finestra.';
    default:
      return 'Posizione non disponibile: attiva la localizzazione del telefono e riprova.';
  }
}
