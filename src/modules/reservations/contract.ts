import { z } from 'zod';
import { endpoint, isoTime } from '../../platform/http/contract.js';
import { pageQuery } from '../../platform/http/paging.js';
import { emailField, queryText, requiredText, uuidParam } from '../../platform/http/schemas.js';

const tags = ['prenotazioni'];

export const reservationStatuses = ['pending', 'confirmed', 'ready', 'completed', 'cancelled'] as const;
const reservationStatus = z.enum(reservationStatuses);
const reservationAction = z.enum(['confirm', 'ready', 'complete', 'cancel']);

export const reservationBody = z.object({
  productId: z.uuid('Scegli un prodotto.'),
  quantity: z
    .number({ error: 'Quantità: scrivi un numero.' })
    .int('La quantità deve essere un numero intero.')
    .min(1, 'La quantità deve essere almeno 1.')
    .max(99, 'Al massimo 99 pezzi per prenotazione.'),
  reservationDate: z
    .string({ error: 'Data di ritiro: campo obbligatorio.' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Data di ritiro non valida: scrivila come AAAA-MM-GG.'),
  // An empty field of the form means no preference.
  preferredPickupTime: z.preprocess(
    (v) => (v === '' ? null : v),
    z
      .string({ error: 'Orario di ritiro: deve essere un testo.' })
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Orario di ritiro non valido: scrivilo come HH:MM, ad esempio 17:30.')
      .nullish(),
  ),
  notes: z.string({ error: 'Note: deve essere un testo.' }).max(1000, 'Note: al massimo 1000 caratteri.').nullish(),
  customerName: requiredText('Nome', { max: 120 }),
  customerPhone: requiredText('Telefono', { max: 40 }).pipe(z.string().regex(/^\+?[0-9 ().-]{6,}$/, 'Numero di telefono non valido.')),
  customerEmail: emailField,
});

/** The lists' filter and page: `?status=pending,confirmed&q=rossi&page=2&pageSize=20`. */
const listQuery = z.object({
  status: z
    .string({ error: 'Stato: scrivi gli stati separati da virgole (es. pending,confirmed).' })
    .optional()
    .transform((s) => (s ? s.split(',').map((x) => x.trim()).filter(Boolean) : []))
    .pipe(z.array(z.enum(reservationStatuses, { error: 'Stato della prenotazione non valido.' }))),
  /** Words each found in the customer's name, phone or e-mail or in the product's name, accents and case ignored. */
  q: queryText('Ricerca', 100).optional(),
  ...pageQuery(500),
});
export type ReservationListQuery = z.output<typeof listQuery>;

/** docs/api-orders.md `Reservation`, without `allowedActions` (they depend on who asks). */
export const reservationRecord = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  productId: z.uuid(),
  productName: z.string(),
  storeId: z.uuid(),
  storeName: z.string(),
  quantity: z.number(),
  status: reservationStatus,
  customerName: z.string(),
  customerPhone: z.string(),
  customerEmail: z.string(),
  /** YYYY-MM-DD, the day the customer comes to the shop. */
  reservationDate: z.string(),
  /** "HH:MM" or null. */
  preferredPickupTime: z.string().nullable(),
  notes: z.string(),
  shopkeeperNotes: z.string().nullable(),
  confirmedAt: isoTime.nullable(),
  readyAt: isoTime.nullable(),
  completedAt: isoTime.nullable(),
  cancelledAt: isoTime.nullable(),
  cancelReason: z.string().nullable(),
  /** True when it was cancelled because nobody came by the end of its day. */
  expired: z.boolean(),
  createdAt: isoTime,
});
export type ReservationRecord = z.infer<typeof reservationRecord>;

/** docs/api-orders.md `Reservation`, with what the caller may do with it now. */
export const reservation = reservationRecord.extend({ allowedActions: z.array(reservationAction) });
export type Reservation = z.infer<typeof reservation>;

/** How many reservations a shop has, in all and in each state (every state named). */
export const reservationCounts = z.object({ count: z.number(), byStatus: z.record(reservationStatus, z.number()) });

const params = z.object({ id: uuidParam });
const storeParams = z.object({ storeId: uuidParam });
const anyBody = z.object({}).passthrough();
/** A move of the reservation (its body optional), answering the reservation as it now is. */
const move = <const A extends string, B extends z.ZodType>(action: A, summary: string, body: B) =>
  endpoint('POST', `/api/reservations/:id/${action}`, { summary, tags, params, body: body.nullish(), response: { 200: reservation } });

/** Reservations of products for pickup on a day (docs/api-orders.md, Reservations). */
export const reservationsApi = {
  request: endpoint('POST', '/api/reservations', {
    summary: 'Il cliente prenota dei pezzi di un prodotto da ritirare in negozio in un giorno',
    tags,
    body: reservationBody,
    response: { 201: reservation },
  }),
  customerList: endpoint('GET', '/api/reservations/user', {
    summary: 'Le prenotazioni del cliente, dalla più recente, per stato e a pagine (X-Total-Count)',
    tags,
    querystring: listQuery,
    response: { 200: z.array(reservation) },
  }),
  storeList: endpoint('GET', '/api/reservations/store/:storeId', {
    summary: 'Le prenotazioni di un negozio, dalla più recente, per stato, per parole del cliente o del prodotto e a pagine (X-Total-Count)',
    tags,
    params: storeParams,
    querystring: listQuery,
    response: { 200: z.array(reservation) },
  }),
  storeTotals: endpoint('GET', '/api/reservations/store/:storeId/summary', {
    summary: 'Quante prenotazioni ha un negozio in ogni stato',
    tags,
    params: storeParams,
    response: { 200: reservationCounts },
  }),
  get: endpoint('GET', '/api/reservations/:id', {
    summary: 'Una prenotazione, con ciò che chi chiede può farne',
    tags,
    params,
    response: { 200: reservation },
  }),
  confirm: move(
    'confirm',
    'Il negozio conferma la prenotazione e mette da parte i pezzi',
    z.object({ shopkeeperNotes: z.string({ error: 'Note del negozio: deve essere un testo.' }).max(1000, 'Note del negozio: al massimo 1000 caratteri.').optional() }),
  ),
  ready: move('ready', 'Il negozio segna la prenotazione come pronta per il ritiro', anyBody),
  complete: move('complete', 'Il negozio segna la prenotazione come ritirata', anyBody),
  cancel: move(
    'cancel',
    'Annulla la prenotazione (il cliente o il negozio) e rimette in vendita i pezzi messi da parte',
    z.object({ reason: z.string({ error: 'Motivo: deve essere un testo.' }).max(500, 'Motivo: al massimo 500 caratteri.').optional() }),
  ),
};
