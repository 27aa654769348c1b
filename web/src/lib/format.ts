/** Money as "€ 12,50" (design §5, spec §9: two decimals and the euro sign). */
export function formatMoney(value: number): string {
  return `€ ${value.toLocaleString('it-IT', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

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

/** A rating as the site writes every number: "4,5". */
export const formatRating = (rating: number): string => rating.toLocaleString('it-IT', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** Text for matching what a person typed: lower case, accents gone ("Caffè" and "caffe" meet). */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('it-IT');
}
