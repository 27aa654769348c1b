/* Dates and times of orders as an Italian reads them, on the shops' clock (Europe/Rome). */

const dateTime = new Intl.DateTimeFormat('it-IT', { timeZone: 'Europe/Rome', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
const longDayTime = new Intl.DateTimeFormat('it-IT', { timeZone: 'Europe/Rome', weekday: 'long', day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit' });

/** "18 apr 2025, 10:30". */
export const formatDateTime = (iso: string): string => dateTime.format(new Date(iso));

/** "venerdì 18 aprile alle 10:30": when to pass by the shop. */
export function formatPickupTime(iso: string): string {
  const parts = Object.fromEntries(longDayTime.formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
  return `${parts.weekday} ${parts.day} ${parts.month} alle ${parts.hour}:${parts.minute}`;
}
