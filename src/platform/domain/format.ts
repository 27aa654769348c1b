import { formatCents } from './money.js';

/** Distances as Italians read them in messages: "12,4 km" (money: money.ts). */
const km = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 1 });

export const formatKm = (distance: number): string => `${km.format(distance)} km`;

const counted = new Intl.NumberFormat('it-IT');
/** A count with its noun, singular for one: "1 recensione", "3 recensioni", "-1 credito", "12.500 pezzi". */
export const plural = (n: number, one: string, many: string): string => `${counted.format(n)} ${Math.abs(n) === 1 ? one : many}`;

/** Great-circle distance in km between two points (haversine, mean Earth radius). */
export function distanceKm(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const rad = Math.PI / 180;
  const h = Math.sin(((b.latitude - a.latitude) * rad) / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(((b.longitude - a.longitude) * rad) / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.sqrt(h));
}

/** Pieces of the sentences that tell the admin what an event did, read off the event's data. */
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

export const said = {
  text,
  /** A value by its Italian name in `names` ("delivery" → "Consegna"); one without a name as it is, or as `otherwise` says. */
  named: (names: Readonly<Record<string, string>>, value: unknown, otherwise: string = text(value)): string =>
    typeof value === 'string' && Object.hasOwn(names, value) ? names[value]! : otherwise,
  /** A count (credits, pieces), or nothing when the event does not carry it. */
  count: (value: unknown): string => (typeof value === 'number' ? String(value) : ''),
  /** An amount in cents (events carry them so, old ones read through their upcasters). */
  money: (cents: unknown): string => (typeof cents === 'number' ? formatCents(cents) : ''),
  /**
   * The Italian names of the fields a change carries ("nome, prezzo"), in `names`' order, each once
   * (latitude and longitude are one position); a field without a name reads «altri dati», never as
   * its key. `none` when it carries none. `tell` says a field with its value ("prezzo € 3,90")
   * instead of its name alone.
   */
  fields: (names: Readonly<Record<string, string>>, value: unknown, none = 'nessun dato', tell: (key: string, value: unknown) => string = (key) => names[key]!): string => {
    const changes = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
    const keys = Object.keys(changes);
    const named = Object.keys(names).filter((key) => keys.includes(key));
    const parts = [...new Set(named.map((key) => tell(key, changes[key]))), ...(keys.some((key) => !Object.hasOwn(names, key)) ? ['altri dati'] : [])];
    return parts.length ? parts.join(', ') : none;
  },
  /** "«Bottega Rossi»", or nothing when the event does not carry the name. */
  quoted: (value: unknown): string => (typeof value === 'string' && value ? ` «${value}»` : ''),
  /** Who cancelled an order or a reservation, as the end of a sentence ("annullato dal negozio"). */
  cancelledBy: (by: unknown): string => ({ customer: 'dal cliente', store: 'dal negozio', admin: 'dall’amministrazione', system: 'per scadenza' })[String(by)] ?? '',
};

/** A sentence followed by the reason given, when one was: "… Motivo: …" (notices). */
export const withReason = (text: string, reason: string | undefined): string => (reason?.trim() ? `${text} Motivo: ${reason.trim()}` : text);

const romeDay = new Intl.DateTimeFormat('it-IT', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Rome' });
/** "12 marzo 2027" of an instant, as Italy reads it. */
export const romeDate = (iso: string): string => romeDay.format(new Date(iso));

const romeParts = new Intl.DateTimeFormat('it-IT', {
  timeZone: 'Europe/Rome',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** An instant as «30/11/2026 18:05», Rome's time. */
export function romeDateTime(iso: string): string {
  const parts: Record<string, string> = {};
  for (const { type, value } of romeParts.formatToParts(new Date(iso))) parts[type] = value;
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}`;
}
