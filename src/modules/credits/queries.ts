import { z } from 'zod';
import { column, sql, type ReadDb } from '../../platform/db/read.js';
import type { ReadList } from '../../platform/db/read-page.js';
import { anyOf, oneOrMany, uuidFilter, type ListResource } from '../../platform/http/admin-rest.js';
import { roleValues } from '../users/contract.js';
import { toEuros } from '../../platform/domain/money.js';
import { creditsLotOf } from './purchase-lots.js';
import { adminCreditMovement, adminCredits, creditMovement, type CreditPurchaseRecord, type CreditUsage } from './contract.js';

const movementRow = creditMovement.omit({ relatedEntity: true, id: true }).extend({ id: column.uuid, relatedType: z.string().nullable(), relatedId: z.string().nullable() });

/** A movement as the API answers it. */
export const movementOf = ({ relatedType, relatedId, ...m }: z.output<typeof movementRow>) => ({
  ...m,
  relatedEntity: relatedType && relatedId ? { type: relatedType, id: relatedId } : null,
});

/**
 * A user's movements, newest first. The charge that settles an AI call's hold moves nothing: the
 * owner reads the hold as the use (and its release, when the call failed, as the credits given back).
 */
export const movementsOf = (userId: string): ReadList<typeof movementRow> => ({
  row: movementRow,
  select: sql.fragment`id, kind, credits, action, description, related_type AS "relatedType", related_id AS "relatedId", at`,
  from: sql.fragment`credit_movements WHERE user_id = ${userId} AND kind <> 'charge'`,
  order: sql.fragment`at DESC, id`,
});

/** A user's column beside their balance (`c`): one relation in FROM, as the lists' word search reads it. */
const owner = (column: string) => `(SELECT ${column} FROM users WHERE id = c.user_id)`;

/** The admin's list of balances: one row a user who ever had credits, searched like the users' list. */
export const creditsResource: ListResource = {
  name: 'credits',
  from: 'ai_credits c',
  select: `c.user_id AS id, ${owner('username')} AS username, ${owner('name')} AS name, ${owner('role')} AS role, c.balance,
    c.total_purchased AS "totalPurchased", c.total_used AS "totalUsed", c.last_activity AS "lastActivity"`,
  id: 'c.user_id',
  sortable: {
    id: 'c.user_id',
    username: owner('lower(username)'),
    balance: 'c.balance',
    totalPurchased: 'c.total_purchased',
    totalUsed: 'c.total_used',
    lastActivity: 'c.last_activity',
  },
  defaultOrder: 'c.last_activity DESC',
  filters: { role: anyOf(roleValues, 'Ruolo', owner('role')) },
  searchText: owner('admin_text'),
  notFound: 'Questo utente non ha mai avuto crediti AI.',
  row: adminCredits,
};

/** The admin's list of every movement, newest first. */
export const creditMovementsResource: ListResource = {
  name: 'credit-movements',
  from: 'credit_movements m',
  select: `m.id, m.user_id AS "userId", (SELECT username FROM users WHERE id = m.user_id) AS username, m.kind, m.credits, m.action, m.description,
    m.related_type AS "relatedType", m.related_id AS "relatedId", m.used, m.at`,
  id: 'm.id',
  sortable: { id: 'm.id', at: 'm.at', credits: 'm.credits', kind: 'm.kind', action: 'm.action' },
  defaultOrder: 'm.at DESC, m.id',
  filters: {
    userId: uuidFilter('m.user_id'),
    kind: anyOf(creditMovement.shape.kind.options as [string, ...string[]], 'Tipo', 'm.kind'),
    action: { schema: oneOrMany(z.string().max(50, 'Funzione: al massimo 50 caratteri.')), where: (p) => `m.action = ANY (${p}::text[])` },
  },
  notFound: 'Movimento non trovato.',
  row: adminCreditMovement,
};

const usageRow = z.object({ day: z.string(), action: z.string(), credits: z.number().int() });

/** Credits used per function per day (Europe/Rome), over the last `days` days up to `now`. */
export async function creditUsageOf(db: ReadDb, days: number, now: Date): Promise<CreditUsage> {
  const since = new Date(now.getTime() - days * 86_400_000);
  const rows = await db.any(sql.type(usageRow)`
    SELECT to_char((at AT TIME ZONE 'Europe/Rome')::date, 'YYYY-MM-DD') AS day, action, sum(used)::int AS credits
    FROM credit_movements WHERE used > 0 AND at >= ${since.toISOString()} AND at <= ${now.toISOString()}
    GROUP BY 1, 2 ORDER BY 1, 2`);
  return { days: rows.map((r) => ({ ...r })) };
}

const purchaseRow = z.object({ id: column.uuid, packageName: z.string(), credits: z.number().int(), cents: z.number().int(), status: z.string(), createdAt: column.time });

/**
 * The payment's state as a credit purchase says it: waiting, completed, failed (or cancelled),
 * refunded. A payment completed is «completed» once its credits are in the balance (its lot is):
 * they are added a moment after the provider's word (packages/purchase-process.ts), and a page
 * that stopped waiting at the payment showed the balance from before.
 */
const purchaseStatus = (status: string, credited: boolean): CreditPurchaseRecord['status'] =>
  status === 'completed' ? (credited ? 'completed' : 'pending') : status === 'refunded' ? 'refunded' : status === 'failed' || status === 'cancelled' ? 'failed' : 'pending';

const lotRow = z.object({ lot_id: z.string() });

/** A user's latest purchases of credits. */
export async function creditPurchasesOf(db: ReadDb, userId: string, limit = 10): Promise<CreditPurchaseRecord[]> {
  const rows = await db.any(sql.type(purchaseRow)`
    SELECT t.id, coalesce(p.name, t.description) AS "packageName", coalesce(p.credits, 0) AS credits, t.amount_cents::int AS cents, t.status, t.created_at AS "createdAt"
    FROM payment_transactions t LEFT JOIN packages p ON p.id = t.package_id
    WHERE t.user_id = ${userId} AND t.transaction_type = 'credit_purchase'
    ORDER BY t.created_at DESC LIMIT ${limit}`);
  const completed = rows.filter((r) => r.status === 'completed' && r.credits > 0).map((r) => creditsLotOf(r.id));
  const lots = new Set(
    completed.length ? await db.anyFirst(sql.type(lotRow)`SELECT lot_id FROM credit_lots WHERE user_id = ${userId} AND lot_id = ANY (${sql.array(completed, 'text')})`) : [],
  );
  return rows.map(({ cents, status, ...r }) => ({ ...r, amount: toEuros(cents), status: purchaseStatus(status, r.credits === 0 || lots.has(creditsLotOf(r.id))) }));
}

const transferRow = z.object({ id: column.uuid, from_user_id: column.uuid, to_user_id: column.uuid, status: z.string() });

/** Transfers stopped halfway (sent but not received, given back but not taken back) since before `before`: the oldest 200. */
export async function transfersUnfinished(db: ReadDb, before: Date): Promise<readonly z.infer<typeof transferRow>[]> {
  return db.any(sql.type(transferRow)`
    SELECT id, from_user_id, to_user_id, status FROM ai_credit_transfers
    WHERE status IN ('sent', 'returning') AND updated_at < ${before.toISOString()}::timestamptz ORDER BY updated_at LIMIT 200`);
}
