import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { z } from 'zod';
import { moveReservation, requestReservation, type ReservationMove } from './commands.js';
import { allowedReservationActions, type ReservationSide, type ReservationStatus } from './reservation.js';
import { DomainError } from '../../platform/domain/errors.js';
import { commandContext } from '../../platform/http/command-context.js';
import { answerPage, pageQuery, type ListSql } from '../../platform/http/paging.js';
import { customerOnly, requireRole, requireUser, type SessionUser } from '../../platform/http/plugins/session.js';
import { emailField, queryText, requiredText, uuidParam } from '../../platform/http/schemas.js';

const reservationStatuses = ['pending', 'confirmed', 'ready', 'completed', 'cancelled'] as const;

const reservationBody = z.object({
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

/** docs/api-orders.md `Reservation`, without `allowedActions` (they depend on who asks). */
const columns = `r.id, r.user_id AS "userId", r.product_id AS "productId", r.product_name AS "productName",
  r.store_id AS "storeId", r.store_name AS "storeName", r.quantity, r.status,
  r.customer_name AS "customerName", r.customer_phone AS "customerPhone", r.customer_email AS "customerEmail",
  r.reservation_date::text AS "reservationDate", r.preferred_pickup_time AS "preferredPickupTime", r.notes,
  r.shopkeeper_notes AS "shopkeeperNotes", r.confirmed_at AS "confirmedAt", r.ready_at AS "readyAt",
  r.completed_at AS "completedAt", r.cancelled_at AS "cancelledAt", r.cancel_reason AS "cancelReason",
  r.expired, r.created_at AS "createdAt"`;

interface ReservationRow {
  id: string;
  userId: string;
  status: ReservationStatus;
  [column: string]: unknown;
}

async function reservationRow(pool: pg.Pool, id: string): Promise<(ReservationRow & { storeOwnerId: string }) | undefined> {
  const { rows } = await pool.query<ReservationRow & { storeOwnerId: string }>(
    `SELECT ${columns}, r.store_owner_id AS "storeOwnerId" FROM product_reservations r WHERE r.id = $1`,
    [id],
  );
  return rows[0];
}

/** Which side the user is on for this reservation; none answers 404, so its existence does not leak. */
function sideOf(user: SessionUser, r: { userId: string; storeOwnerId: string }): ReservationSide {
  if (user.role === 'admin') return 'admin';
  if (r.userId === user.id) return 'customer';
  if (r.storeOwnerId === user.id) return 'store';
  throw new DomainError('Prenotazione non trovata.', 'not-found');
}

const view = ({ storeOwnerId: _owner, ...row }: ReservationRow & { storeOwnerId?: string }, side: ReservationSide) => ({
  ...row,
  allowedActions: allowedReservationActions(row.status, side),
});

async function reservationView(pool: pg.Pool, user: SessionUser, id: string) {
  const row = await reservationRow(pool, id);
  if (!row) throw new DomainError('Prenotazione non trovata.', 'not-found');
  return view(row, sideOf(user, row));
}

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

/** The reservations of one customer or one shop (`owner` names the column), filtered and paged. */
const listSql = (owner: 'r.user_id' | 'r.store_id', id: string, { status, q }: z.output<typeof listQuery>): ListSql => ({
  select: columns,
  from: `product_reservations r WHERE ${owner} = $1 AND (cardinality($2::text[]) = 0 OR r.status = ANY ($2::text[]))
    AND NOT EXISTS (SELECT 1 FROM unnest($3::text[]) word
      WHERE strpos(f_unaccent(lower(concat_ws(' ', r.customer_name, r.customer_phone, r.customer_email, r.product_name))), f_unaccent(lower(word))) = 0)`,
  order: 'r.created_at DESC, r.id',
  values: [id, status, q ? q.split(/\s+/).filter(Boolean) : []],
});

/** Reservations of products for pickup on a day (docs/api-orders.md, Reservations). */
export const reservationRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const { pool } = deps;
  const params = z.object({ id: uuidParam });

  app.post('/api/reservations', { config: customerOnly, schema: { body: reservationBody } }, async (request, reply) => {
    const user = requireRole(request, 'customer');
    const { reservationId, position } = await requestReservation(deps, user.id, request.body, commandContext(request));
    await request.settle(position);
    return reply.status(201).send(await reservationView(pool, user, reservationId));
  });

  app.get('/api/reservations/user', { config: customerOnly, schema: { querystring: listQuery } }, async (request, reply) => {
    const user = requireRole(request, 'customer');
    const rows = await answerPage<ReservationRow>(pool, reply, listSql('r.user_id', user.id, request.query), request.query);
    return rows.map((r) => view(r, 'customer'));
  });

  /** The shop's owner, or an admin; anyone else is told the shop does not exist. */
  const shopSide = async (request: Parameters<typeof requireRole>[0], storeId: string): Promise<ReservationSide> => {
    const user = requireRole(request, 'shopkeeper', 'admin');
    const { rows: shop } = await pool.query<{ owner_id: string }>('SELECT owner_id FROM stores WHERE id = $1', [storeId]);
    if (!shop[0] || (user.role !== 'admin' && shop[0].owner_id !== user.id)) throw new DomainError('Negozio non trovato.', 'not-found');
    return user.role === 'admin' ? 'admin' : 'store';
  };

  const storeParams = z.object({ storeId: uuidParam });
  app.get('/api/reservations/store/:storeId', { schema: { params: storeParams, querystring: listQuery } }, async (request, reply) => {
    const side = await shopSide(request, request.params.storeId);
    const rows = await answerPage<ReservationRow>(pool, reply, listSql('r.store_id', request.params.storeId, request.query), request.query);
    return rows.map((r) => view(r, side));
  });

  app.get('/api/reservations/store/:storeId/summary', { schema: { params: storeParams } }, async (request) => {
    await shopSide(request, request.params.storeId);
    const { rows } = await pool.query<{ status: ReservationStatus; count: number }>(
      'SELECT status, count(*)::int AS count FROM product_reservations WHERE store_id = $1 GROUP BY status',
      [request.params.storeId],
    );
    const byStatus = Object.fromEntries(reservationStatuses.map((status) => [status, 0])) as Record<ReservationStatus, number>;
    for (const r of rows) byStatus[r.status] = r.count;
    return { count: rows.reduce((n, r) => n + r.count, 0), byStatus };
  });

  app.get('/api/reservations/:id', { schema: { params } }, async (request) => reservationView(pool, requireUser(request), request.params.id));

  const move = (action: ReservationMove, body: z.ZodType<{ reason?: string; shopkeeperNotes?: string }>) =>
    app.post('/api/reservations/:id/' + action, { schema: { params, body: body.nullish() } }, async (request) => {
      const user = requireUser(request);
      const row = await reservationRow(pool, request.params.id);
      if (!row) throw new DomainError('Prenotazione non trovata.', 'not-found');
      const side = sideOf(user, row);
      if (side === 'customer' && action !== 'cancel') throw new DomainError('Solo il negozio può far avanzare la prenotazione.', 'forbidden');
      const input = request.body ?? {};
      const by = side === 'customer' ? 'customer' : 'store';
      await request.settle(await moveReservation(deps, row.id, action, { by, reason: input.reason, shopkeeperNotes: input.shopkeeperNotes }, commandContext(request)));
      return reservationView(pool, user, row.id);
    });

  const empty = z.object({}).passthrough();
  move('confirm', z.object({ shopkeeperNotes: z.string({ error: 'Note del negozio: deve essere un testo.' }).max(1000, 'Note del negozio: al massimo 1000 caratteri.').optional() }));
  move('ready', empty);
  move('complete', empty);
  move('cancel', z.object({ reason: z.string({ error: 'Motivo: deve essere un testo.' }).max(500, 'Motivo: al massimo 500 caratteri.').optional() }));
};
