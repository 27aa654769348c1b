import { z } from 'zod';
import type { ReservationInput } from '../../api/reservations';

/* The reservation dialog's rules, kept pure so they are tested without a browser. */

/** How far ahead a customer may reserve (the server refuses later days). */
export const maxDaysAhead = 30;

/** Today in Rome as YYYY-MM-DD: the shop's calendar, whatever the device's time zone. */
export function romeToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** A calendar day plus n days, as YYYY-MM-DD (computed in UTC, so no DST hour shifts a day). */
export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** "sabato 3 maggio 2025": a calendar day as a person reads it. */
export function formatDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString('it-IT', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}

const phonePattern = /^\+?[0-9 ().-]{6,}$/;

/** The form's fields are all text, as the inputs give them. */
export function reservationSchema(today: string) {
  const last = addDays(today, maxDaysAhead);
  return z.object({
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
    customerPhone: z.string().trim().min(1, 'Telefono: campo obbligatorio.').pipe(z.string().regex(phonePattern, 'Numero di telefono non valido.')),
    customerEmail: z.string().trim().min(1, 'E-mail: campo obbligatorio.').pipe(z.email('Indirizzo e-mail non valido.')),
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
