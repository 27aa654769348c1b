import type { OpeningHours, Weekday } from '../stores/api';
import { addDays, formatNearDay, romeDateTime, romeToday, weekdayOf } from '../../lib/dates';
import { maxPickupDaysAhead } from '@pure/orders/delivery';

/*
 * What only the web works out for the checkout: the pickup times to choose from and the cart
 * lines that cannot be ordered as they are. The shop's delivery rules themselves (shipping's
 * terms, pickup without stated hours) are the server's, imported from src/modules/orders/delivery.ts.
 */

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
/** Days shown ahead (the server accepts up to `maxPickupDaysAhead`). */
export const pickupDaysAhead = Math.min(14, maxPickupDaysAhead);

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

/** A shop can be ordered from when none of its lines has a problem. */
export const storeIsOrderable = (store: { items: { available: boolean; quantity: number; stockQuantity: number }[] }): boolean =>
  store.items.length > 0 && store.items.every((i) => cartLineProblem(i) === null);
