import { z } from 'zod';
import { api, countsByStatus, get, idParams, isoTime, movesOf, post, statusesQuery, storeIdParams } from '../../platform/http/contract.js';
import { pageQuery } from '../../platform/http/paging.js';
import { customerPhoneField, emailField, queryText, requiredText } from '../../platform/http/schemas.js';
import { ofStore } from '../stores/contract.js';

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
  reservationDate: z.string({ error: 'Data di ritiro: campo obbligatorio.' }).regex(/^\d{4}-\d{2}-\d{2}$/, 'Data di ritiro non valida: scrivila come AAAA-MM-GG.'),
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
  customerPhone: customerPhoneField,
  customerEmail: emailField,
});

/** The lists' filter and page: `?status=pending,confirmed&q=rossi&page=2&pageSize=20`. */
const listQuery = z.object({
  status: statusesQuery(reservationStatuses, { example: 'pending,confirmed', unknown: 'Stato della prenotazione non valido.' }),
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
  ...ofStore,
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

/** How many reservations a shop has, in all and in each state. */
export const reservationCounts = z.object(countsByStatus(reservationStatus));

/** A move of the reservation (its body optional), answering the reservation as it now is. */
const move = movesOf('/api/reservations/:id', reservation);

/** Reservations of products for pickup on a day (docs/api-orders.md, Reservations). */
export const reservationsApi = api('prenotazioni', {
  request: post('/api/reservations', 'Il cliente prenota dei pezzi di un prodotto da ritirare in negozio in un giorno', { 201: reservation }, { body: reservationBody }),
  customerList: get(
    '/api/reservations/user',
    'Le prenotazioni del cliente, dalla più recente, per stato e a pagine (X-Total-Count)',
    { 200: z.array(reservation) },
    { querystring: listQuery },
  ),
  storeList: get(
    '/api/reservations/store/:storeId',
    'Le prenotazioni di un negozio, dalla più recente, per stato, per parole del cliente o del prodotto e a pagine (X-Total-Count)',
    { 200: z.array(reservation) },
    { params: storeIdParams, querystring: listQuery },
  ),
  storeTotals: get('/api/reservations/store/:storeId/summary', 'Quante prenotazioni ha un negozio in ogni stato', { 200: reservationCounts }, { params: storeIdParams }),
  get: get('/api/reservations/:id', 'Una prenotazione, con ciò che chi chiede può farne', { 200: reservation }, { params: idParams }),
  confirm: move(
    'confirm',
    'Il negozio conferma la prenotazione e mette da parte i pezzi',
    z.object({ shopkeeperNotes: z.string({ error: 'Note del negozio: deve essere un testo.' }).max(1000, 'Note del negozio: al massimo 1000 caratteri.').optional() }),
  ),
  ready: move('ready', 'Il negozio segna la prenotazione come pronta per il ritiro'),
  complete: move('complete', 'Il negozio segna la prenotazione come ritirata'),
  cancel: move(
    'cancel',
    'Annulla la prenotazione (il cliente o il negozio) e rimette in vendita i pezzi messi da parte',
    z.object({ reason: z.string({ error: 'Motivo: deve essere un testo.' }).max(500, 'Motivo: al massimo 500 caratteri.').optional() }),
  ),
});
