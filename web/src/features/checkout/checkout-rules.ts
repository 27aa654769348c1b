import type { CartStore } from '../cart/api';
import type { OpeningHours, Weekday } from '../stores/api';
import { addDays, formatNearDay, romeDateTime, romeToday, weekdayOf } from '../../lib/dates';
import { distanceKm } from '@platform/domain/format';

/*
 * The shop's delivery rules as the checkout explains them before paying. They mirror the server's
 * (src/modules/orders/delivery.ts), which has the last word: its 422 is shown beside the shop.
 * Distances are the server's own function, so the two measure alike.
 */

export interface Position { latitude: number; longitude: number }

/** What shipping from one shop would mean for this cart and this address. */
export interface ShippingCheck {
  /** The shop ships at all. */
  offered: boolean;
  cost: number;
  /** The subtotal reaches the free-shipping threshold, and the shop's plan still has free orders this period. */
  free: boolean;
  /** The shop's plan has no free-shipping orders left this period: shipping is paid whatever the subtotal. */
  freeUsedUp: boolean;
  /** How much more to spend for free shipping; null when there is no threshold or it is reached. */
  missingForFree: number | null;
  meetsMinimum: boolean;
  /** Null until a position is chosen. */
  distance: number | null;
  inRadius: boolean | null;
  /** Shipping can be chosen: offered, minimum reached, and the position (once given) inside the radius. */
  ok: boolean;
}

const cents = (n: number) => Math.round(n * 100) / 100;

export function checkShipping(store: Pick<CartStore, 'latitude' | 'longitude' | 'subtotal' | 'shipping'>, position: Position | null): ShippingCheck {
  const { shipping, subtotal } = store;
  const freeUsedUp = shipping.freeFrom !== null && shipping.freeOrdersLeft === 0 && shipping.cost > 0;
  const free = shipping.freeFrom !== null && subtotal >= shipping.freeFrom && !freeUsedUp;
  const meetsMinimum = shipping.minimumOrder === null || subtotal >= shipping.minimumOrder;
  const distance = position ? distanceKm(store, position) : null;
  const inRadius = distance === null ? null : distance <= shipping.radiusKm;
  return {
    offered: shipping.enabled,
    cost: free ? 0 : shipping.cost,
    free,
    freeUsedUp,
    missingForFree: shipping.freeFrom !== null && !free && !freeUsedUp && shipping.cost > 0 ? cents(shipping.freeFrom - subtotal) : null,
    meetsMinimum,
    distance,
    inRadius,
    ok: shipping.enabled && meetsMinimum && inRadius !== false,
  };
}

/* ---- Pickup times, on Rome's clock whatever the visitor's clock says. ---- */

const toMinutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const toTime = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

export interface PickupDay {
  date: string;
  weekday: Weekday;
  /** The shop's hours that day, e.g. ["09:00–13:00", "16:00–19:30"]. */
  hours: string[];
  /** The times one can choose, every `step` minutes, from a little after now. */
  times: string[];
}

/** Minutes between steps of the time picker, and the least notice a shop gets to prepare. */
export const pickupStep = 15;
export const pickupNotice = 30;
/** Days shown ahead (the server accepts up to 30). */
export const pickupDaysAhead = 14;

/** The days with at least one time to pick up at, from today, inside the shop's opening hours. */
export function pickupDays(hours: OpeningHours | null, now: Date, days = pickupDaysAhead): PickupDay[] {
  if (!hours) return [];
  const { date: today } = romeDateTime(now);
  const earliest = romeDateTime(new Date(now.getTime() + pickupNotice * 60_000));
  const result: PickupDay[] = [];
  for (let i = 0; i < days; i++) {
    const date = addDays(today, i);
    const weekday = weekdayOf(date);
    const slots = hours[weekday] ?? [];
    const times: string[] = [];
    for (const slot of slots) {
      for (let t = Math.ceil(toMinutes(slot.open) / pickupStep) * pickupStep; t < toMinutes(slot.close); t += pickupStep) {
        const time = toTime(t);
        if (date < earliest.date || (date === earliest.date && time < earliest.time)) continue;
        times.push(time);
      }
    }
    if (times.length) result.push({ date, weekday, hours: slots.map((s) => `${s.open}–${s.close}`), times });
  }
  return result;
}

/** "Oggi", "Domani" or "venerdì 18 aprile". */
export const dayLabel = (date: string, now: Date): string => formatNearDay(date, romeToday(now));

/* ---- Cart lines that cannot be ordered as they are. ---- */

/** Why a line cannot be ordered now; null when it can. */
export function cartLineProblem(item: { available: boolean; quantity: number; stockQuantity: number }): string | null {
  if (!item.available) return 'Non più in vendita: toglilo dal carrello.';
  if (item.stockQuantity <= 0) return 'Esaurito: toglilo dal carrello.';
  if (item.quantity > item.stockQuantity) return item.stockQuantity === 1 ? 'Ne resta solo 1 pezzo.' : `Ne restano solo ${item.stockQuantity} pezzi.`;
  return null;
}

/**
 * Why a shop offers no pickup (its hours are not stated yet), and what is left: shipping, when it
 * ships, or nothing. Null when the customer can collect there. The API refuses the same (422).
 */
export function noPickupText(store: { pickup: boolean; shipping: { enabled: boolean } }): string | null {
  if (store.pickup) return null;
  return store.shipping.enabled
    ? 'Il negozio non ha ancora indicato i suoi orari di apertura: per ora non si può ritirare lì, ma puoi scegliere la spedizione.'
    : 'Il negozio non ha ancora indicato i suoi orari di apertura e non effettua spedizioni: per ora non si può ordinare lì. Togli i suoi prodotti dal carrello per ordinare il resto.';
}

/** Whether a shop can hand the order over at all: pickup, or shipping. */
export const storeDelivers = (store: { pickup: boolean; shipping: { enabled: boolean } }): boolean => store.pickup || store.shipping.enabled;

/** A shop can be ordered from when none of its lines has a problem. */
export const storeIsOrderable = (store: { items: { available: boolean; quantity: number; stockQuantity: number }[] }): boolean =>
  store.items.length > 0 && store.items.every((i) => cartLineProblem(i) === null);
