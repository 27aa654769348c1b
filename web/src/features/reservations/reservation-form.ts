import { z } from 'zod';
import { emailFormat, phoneFormat } from '@platform/domain/formats';
import type { ReservationInput } from './api';
import type { OpeningHours, TimeRange } from '../stores/api';
import { addDays, weekdayName, weekdayOf } from '../../lib/dates';

/* The reservation dialog's rules, kept pure so they are tested without a browser. */

/** How far ahead a customer may reserve (the server refuses later days). */
export const maxDaysAhead = 30;

/** The shop's hours on that calendar day ([] when it is closed). */
export const hoursOn = (hours: OpeningHours, day: string): TimeRange[] => hours[weekdayOf(day)] ?? [];

export const hoursText = (ranges: TimeRange[]) => ranges.map((r) => `${r.open}–${r.close}`).join(', ');

/** The first day from today on which the shop opens (today when it has no hours at all). */
export function firstOpenDay(today: string, hours: OpeningHours | undefined): string {
  if (!hours) return today;
  for (let i = 0; i <= maxDaysAhead; i += 1) {
    const day = addDays(today, i);
    if (hoursOn(hours, day).length) return day;
  }
  return today;
}

/**
 * The form's fields are all text, as the inputs give them. With the shop's hours, a closed day
 * or a time outside them is refused here, before the shop has to call the customer.
 */
export function reservationSchema(today: string, hours?: OpeningHours) {
  const last = addDays(today, maxDaysAhead);
  const object = z.object({
    quantity: z
      .string()
      .trim()
      .regex(/^\d+$/, 'Quantità: scrivi un numero intero.')
      .refine((q) => Number(q) >= 1 && Number(q) <= 99, 'Quantità: da 1 a 99 pezzi.'),
    reservationDate: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'Scegli il giorno del ritiro.')
      .refine((d) => d >= today, 'Scegli oggi o un giorno futuro.')
      .refine((d) => d <= last, `Puoi prenotare al massimo ${maxDaysAhead} giorni prima.`),
    preferredPickupTime: z.string().regex(/^(|([01]\d|2[0-3]):[0-5]\d)$/, 'Orario non valido: ad esempio 17:30.'),
    notes: z.string().max(500, 'Note: al massimo 500 caratteri.'),
    customerName: z.string().trim().min(1, 'Nome: campo obbligatorio.').max(120, 'Nome: al massimo 120 caratteri.'),
    customerPhone: z.string().trim().min(1, 'Telefono: campo obbligatorio.').pipe(phoneFormat),
    customerEmail: z.string().trim().min(1, 'E-mail: campo obbligatorio.').pipe(emailFormat),
  });
  if (!hours || !Object.values(hours).some((ranges) => ranges.length)) return object;
  return object.superRefine((v, ctx) => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(v.reservationDate)) return;
    const ranges = hoursOn(hours, v.reservationDate);
    if (!ranges.length) {
      ctx.addIssue({ code: 'custom', path: ['reservationDate'], message: `Di ${weekdayName(v.reservationDate)} il negozio è chiuso: scegli un altro giorno.` });
    } else if (v.preferredPickupTime && !ranges.some((r) => v.preferredPickupTime >= r.open && v.preferredPickupTime < r.close)) {
      ctx.addIssue({ code: 'custom', path: ['preferredPickupTime'], message: `A quell’ora il negozio è chiuso: ${hoursText(ranges)}.` });
    }
  });
}

export type ReservationValues = z.infer<ReturnType<typeof reservationSchema>>;

/** The body of POST /api/reservations: empty optional fields stay out. */
export function reservationBody(productId: string, v: ReservationValues): ReservationInput {
  const notes = v.notes.trim();
  return {
    productId,
    quantity: Number(v.quantity),
    reservationDate: v.reservationDate,
    ...(v.preferredPickupTime ? { preferredPickupTime: v.preferredPickupTime } : {}),
    ...(notes ? { notes } : {}),
    customerName: v.customerName.trim(),
    customerPhone: v.customerPhone.trim(),
    customerEmail: v.customerEmail.trim(),
  };
}
