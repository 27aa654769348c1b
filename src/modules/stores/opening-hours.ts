import type { OpeningHours } from './store.js';

/** One slot of a day's hours: "HH:MM"–"HH:MM". */
type TimeRange = OpeningHours[keyof OpeningHours][number];

/** A week with the same slots Monday to Friday, and Saturday's and Sunday's own (none: closed); each day gets its own copies. */
export function weekOfHours(weekdays: readonly TimeRange[], saturday: readonly TimeRange[] = [], sunday: readonly TimeRange[] = []): OpeningHours {
  const copy = (slots: readonly TimeRange[]) => slots.map((slot) => ({ ...slot }));
  return { '0': copy(sunday), '1': copy(weekdays), '2': copy(weekdays), '3': copy(weekdays), '4': copy(weekdays), '5': copy(weekdays), '6': copy(saturday) };
}

/** A typical Italian shop: split hours on weekdays, Saturday morning, closed on Sunday (the shop form's first week, the large seed's shops). */
export const typicalOpeningHours: OpeningHours = weekOfHours(
  [
    { open: '09:00', close: '13:00' },
    { open: '16:00', close: '19:30' },
  ],
  [{ open: '09:00', close: '13:00' }],
);

const weekdays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const romeFormat = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Rome', weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** The weekday (0 = Sunday) and "HH:MM" on Rome's clock (daylight saving included). */
export interface RomeClock {
  day: keyof OpeningHours;
  time: string;
}

/** Read once per request: formatting a date in a time zone is the costly part. */
export function romeClock(at: Date): RomeClock {
  // The same for a whole minute (Rome's offset from UTC changes on the hour): read once a minute, not on every search (Intl's parts cost more than the search did).
  const minute = Math.floor(at.getTime() / 60_000);
  if (minute === lastClock.minute) return lastClock.clock;
  const parts = Object.fromEntries(romeFormat.formatToParts(at).map((p) => [p.type, p.value]));
  const clock = Object.freeze({ day: String(weekdays.indexOf(parts.weekday!)) as keyof OpeningHours, time: `${parts.hour}:${parts.minute}` });
  lastClock = { minute, clock };
  return clock;
}
let lastClock: { minute: number; clock: RomeClock } = { minute: Number.NaN, clock: { day: '0', time: '00:00' } };

/** Never for a shop whose hours are not stated. */
export function isOpen(hours: OpeningHours | null, clock: RomeClock): boolean {
  return (hours?.[clock.day] ?? []).some((slot) => slot.open <= clock.time && clock.time < slot.close);
}

/** Whether a shop is open at `at`, read on Rome's clock. */
export function isOpenAt(hours: OpeningHours | null, at: Date): boolean {
  return isOpen(hours, romeClock(at));
}

/** Whether a shop has a slot today (Rome's clock) that has not closed yet: never for a shop whose hours are not stated (what a pickup today needs). */
export function opensLaterToday(hours: OpeningHours | null, clock: RomeClock): boolean {
  return (hours?.[clock.day] ?? []).some((slot) => clock.time < slot.close);
}
