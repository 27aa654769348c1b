import { DomainError } from './errors.js';
import { formatCents, isWholeCents, type Cents } from './money.js';

/*
 * The bounds of every number a command accepts (design §3a). A decider refuses what is outside
 * them, so every event in the log is one its read models can hold: an event they cannot apply
 * would stop a read model for good (the log is never rewritten). The HTTP schemas take the same
 * bounds, for a message beside the field before the command is even tried.
 */

/** Cents for one unit of a product: € 1.000.000,00. */
export const MAX_PRICE_CENTS = 100_000_000;
/** Units of a product in stock, set or reached by adjustments (int). */
export const MAX_STOCK = 1_000_000;
/** Cents of one order, shipping included (€ 1.000.000,00); more is split over several orders. */
export const MAX_ORDER_TOTAL_CENTS = 100_000_000;
/** Cents of a store's shipping terms (€ 100.000,00): cost, minimum order, free-shipping threshold. */
export const MAX_SHIPPING_AMOUNT_CENTS = 10_000_000;
/** Kilometres a store delivers within. */
export const MAX_DELIVERY_RADIUS_KM = 200;
/** Kilometres a store ships within. */
export const MAX_SHIPPING_RADIUS_KM = 500;
/** Kilometres a search reaches around its point (and the default radius an admin sets). */
export const MAX_SEARCH_RADIUS_KM = 200;
/** The times a command carries (pickups, deadlines) lie between these years. */
export const TIME_RANGE_YEARS = { from: 2000, to: 2200 } as const;

function refuse(field: string, message: string): never {
  throw new DomainError(message, 'rule', { [field]: message });
}

/** An amount in cents: whole, within [min, max]. */
export function checkAmount(field: string, label: string, amount: Cents, { min = 0, max }: { min?: Cents; max: Cents }): void {
  if (!isWholeCents(amount) || amount < min || amount > max) {
    refuse(field, `${label}: un importo da ${formatCents(min)} a ${formatCents(max)}, al centesimo.`);
  }
}

/** A whole number within [min, max]. */
export function checkInteger(field: string, label: string, value: number, { min, max }: { min: number; max: number }): void {
  if (!Number.isSafeInteger(value) || value < min || value > max) refuse(field, `${label}: un numero intero da ${min} a ${max}.`);
}

/** A finite number within [min, max] (distances, zoom levels). */
export function checkRange(field: string, label: string, value: number, { min, max }: { min: number; max: number }): void {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max) refuse(field, `${label}: un valore da ${min} a ${max}.`);
}

/** A point on the map; `fields` name the two in a form's errors. */
export function checkCoordinates(latitude: number, longitude: number, fields = { latitude: 'latitude', longitude: 'longitude' }): void {
  checkRange(fields.latitude, 'Latitudine', latitude, { min: -90, max: 90 });
  checkRange(fields.longitude, 'Longitudine', longitude, { min: -180, max: 180 });
}

/** An ISO-8601 time within TIME_RANGE_YEARS (what PostgreSQL's timestamptz reads back as written). */
export function checkTime(field: string, label: string, time: string): void {
  const at = typeof time === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(time) ? new Date(time) : null;
  const year = at && !Number.isNaN(at.getTime()) ? at.getUTCFullYear() : NaN;
  if (!(year >= TIME_RANGE_YEARS.from && year <= TIME_RANGE_YEARS.to)) refuse(field, `${label}: data e ora non valide.`);
}
