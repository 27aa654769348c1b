/*
 * Every date and time the site shows, on Rome's clock (the shops' clock) whatever the browser's
 * own zone: a customer, a shopkeeper and the admin read the same order at the same hour.
 */
const rome = 'Europe/Rome';
const day = new Intl.DateTimeFormat('it-IT', { timeZone: rome, day: 'numeric', month: 'short', year: 'numeric' });
const dayTime = new Intl.DateTimeFormat('it-IT', { timeZone: rome, day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
const longDayTime = new Intl.DateTimeFormat('it-IT', { timeZone: rome, weekday: 'long', day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit' });

/** "18 apr 2025". */
export const formatDate = (iso: string): string => day.format(new Date(iso));

/** "18 apr 2025, 10:30". */
export const formatDateTime = (iso: string): string => dayTime.format(new Date(iso));

/** "venerdì 18 aprile alle 10:30": when to pass by the shop. */
export function formatPickupTime(iso: string): string {
  const parts = Object.fromEntries(longDayTime.formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
  return `${parts.weekday} ${parts.day} ${parts.month} alle ${parts.hour}:${parts.minute}`;
}

/** "10:30" on Rome's clock. */
export const formatTime = (iso: string): string => romeDateTime(new Date(iso)).time;

/**
 * A period of time: "18 apr 2025, 10:00–12:00" within one day on Rome's calendar, else both ends
 * in full ("18 apr 2025, 22:00 – 19 apr 2025, 02:00").
 */
export function formatTimeRange(startIso: string, endIso: string): string {
  const sameDay = romeDateTime(new Date(startIso)).date === romeDateTime(new Date(endIso)).date;
  return sameDay ? `${formatDateTime(startIso)}–${formatTime(endIso)}` : `${formatDateTime(startIso)} – ${formatDateTime(endIso)}`;
}

/** "novembre 2026" for a month written "2026-11". */
export const formatMonth = (month: string): string => new Date(`${month}-01T12:00:00Z`).toLocaleDateString('it-IT', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** A duration in minutes as a sentence says it: "1 ora e 30 minuti", "45 minuti", "2 giorni". */
export function formatDuration(minutes: number): string {
  if (minutes > 0 && minutes % 1440 === 0) return minutes === 1440 ? '1 giorno' : `${minutes / 1440} giorni`;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  const hours = h === 0 ? '' : h === 1 ? '1 ora' : `${h} ore`;
  const mins = m === 0 ? '' : m === 1 ? '1 minuto' : `${m} minuti`;
  return [hours, mins].filter(Boolean).join(' e ');
}

/* ---- Calendar days ("YYYY-MM-DD") on Rome's calendar, the shops', whatever the device's zone. ---- */

const romeParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: rome,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** The date ("YYYY-MM-DD") and time ("HH:MM") an instant shows on Rome's clocks. */
export function romeDateTime(at: Date): { date: string; time: string } {
  const p = Object.fromEntries(romeParts.formatToParts(at).map((x) => [x.type, x.value]));
  return { date: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}` };
}

/** Today in Rome (or the day of `now` there) as YYYY-MM-DD. */
export const romeToday = (now: Date = new Date()): string => romeDateTime(now).date;

/** Rome's offset from UTC in ms at an instant (one or two hours, daylight saving included). */
function romeOffset(at: number): number {
  const { date, time } = romeDateTime(new Date(at));
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [h, mi] = time.split(':').map(Number) as [number, number];
  return Date.UTC(y, m - 1, d, h, mi) - Math.floor(at / 60_000) * 60_000;
}

/** The instant (ISO, UTC) of a date and time read on Rome's clocks. */
export function romeToIso(date: string, time: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [h, mi] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(y, m - 1, d, h, mi);
  // The offset at the guess can differ from the one at the answer on a daylight-saving night: read it twice.
  const first = wall - romeOffset(wall);
  return new Date(wall - romeOffset(first)).toISOString();
}

/** A calendar day at its UTC midnight: weekday and name are read in UTC, so no zone shifts the day. */
const utcDate = (day: string): Date => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
};

/** A calendar day plus n days, as YYYY-MM-DD (computed in UTC, so no DST hour shifts a day). */
export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** The day of the week of a calendar day: "0" (domenica) … "6" (sabato), as opening hours key them. */
export const weekdayOf = (day: string): '0' | '1' | '2' | '3' | '4' | '5' | '6' => String(utcDate(day).getUTCDay()) as '0';

/** "sabato" for a calendar day. */
export const weekdayName = (day: string): string => utcDate(day).toLocaleDateString('it-IT', { weekday: 'long', timeZone: 'UTC' });

/** "sabato 3 maggio", with the year only when it is not this year's. */
export function formatDay(day: string, today: string = romeToday()): string {
  const sameYear = day.slice(0, 4) === today.slice(0, 4);
  return utcDate(day).toLocaleDateString('it-IT', { weekday: 'long', day: 'numeric', month: 'long', ...(sameYear ? {} : { year: 'numeric' }), timeZone: 'UTC' });
}

/** "Oggi", "Domani" or the day as formatDay writes it. */
export function formatNearDay(day: string, today: string = romeToday()): string {
  if (day === today) return 'Oggi';
  if (day === addDays(today, 1)) return 'Domani';
  return formatDay(day, today);
}

/** "18 apr": a day on a chart's axis (a YYYY-MM-DD day, or the day an ISO timestamp starts with). */
export const formatChartDay = (day: string): string => utcDate(day.slice(0, 10)).toLocaleDateString('it-IT', { day: 'numeric', month: 'short', timeZone: 'UTC' });
