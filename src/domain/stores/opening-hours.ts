import type { OpeningHours } from './decider.js';

const weekdays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const romeClock = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Rome', weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** Whether a shop is open at `at`, read on Rome's clock (daylight saving included). */
export function isOpenAt(hours: OpeningHours, at: Date): boolean {
  const parts = Object.fromEntries(romeClock.formatToParts(at).map((p) => [p.type, p.value]));
  const day = String(weekdays.indexOf(parts.weekday!)) as keyof OpeningHours;
  const now = `${parts.hour}:${parts.minute}`;
  return (hours[day] ?? []).some((slot) => slot.open <= now && now < slot.close);
}
