import type { Pool } from '../../platform/db/pool.js';
import type { ProjectionHost } from '../../platform/projections/host.js';
import { planTypes } from '../packages/package.js';
import { DEFAULT_COMMISSION_PERCENTAGE } from './commission.js';
import type { AccountProvider } from './payment-account.js';

/** What a shop's online payments need: its accounts that take payments now, and its plan's commission. */
export interface ShopPayees {
  /** The account id at each provider whose account of the shop can take payments. */
  accounts: Partial<Record<AccountProvider, string>>;
  /** The commission of the shop's plan in force (spec §9 commissionPercentage; 20 without a plan). */
  commissionPercentage: number;
}

/**
 * The payees of `storeIds` at `now`, from the read models: each shop's accounts with charges
 * enabled, and the commission of its owner's plan in force (the plan bought last among those
 * running, as the store follows it), the default without one.
 */
export async function shopPayees(pool: Pool, storeIds: readonly string[], now: Date): Promise<Map<string, ShopPayees>> {
  const read = await payeesAt(pool, storeIds, now);
  return new Map([...read].map(([id, { payees }]) => [id, payees]));
}

/** Each shop's payees at `now`, and until when they hold by the clock alone: the end of the first of its owner's running plans to end (then another may be in force). */
async function payeesAt(pool: Pool, storeIds: readonly string[], now: Date): Promise<Map<string, { payees: ShopPayees; until: number }>> {
  if (storeIds.length === 0) return new Map();
  const { rows } = await pool.query<{ id: string; accounts: Record<string, string> | null; commission: number | null; until: Date | null }>(
    `SELECT s.id,
       (SELECT jsonb_object_agg(a.provider, a.account_id) FROM payment_accounts a
         WHERE a.holder_kind = 'store' AND a.holder_id = s.id AND a.charges_enabled) AS accounts,
       (SELECT p.commission_percentage::float8 FROM user_packages up JOIN packages p ON p.id = up.package_id
         WHERE up.user_id = s.owner_id AND up.is_active AND up.expires_at > $2 AND up.package_type = ANY ($3::text[])
         ORDER BY up.purchase_date DESC LIMIT 1) AS commission,
       (SELECT min(up.expires_at) FROM user_packages up
         WHERE up.user_id = s.owner_id AND up.is_active AND up.expires_at > $2 AND up.package_type = ANY ($3::text[])) AS until
     FROM stores s WHERE s.id = ANY ($1::uuid[])`,
    [storeIds, now.toISOString(), [...planTypes]],
  );
  return new Map(
    rows.map((r) => [
      r.id,
      { payees: { accounts: r.accounts ?? {}, commissionPercentage: r.commission ?? DEFAULT_COMMISSION_PERCENTAGE }, until: r.until?.getTime() ?? Number.POSITIVE_INFINITY },
    ]),
  );
}

/**
 * The shops' payees as a checkout paid online asks them, one shop after another: kept in memory
 * until a read model they come from changes, in this process or another (an account enabled or
 * disabled, a plan bought or ended, a shop changing hands), until the clock reaches the end of one
 * of the owner's plans (another may be in force from then), and `maxAgeMs` at most. A checkout
 * thus asks the database for them only on a shop's first checkout since they last changed. An
 * answer read while a change was heard is not kept (it may be the rows from before); a request
 * that saw a later write waits for these read models here first (plugins/seen-position.ts).
 */
export class ShopPayeesCache {
  static readonly sources = ['payment-accounts', 'user-packages', 'packages', 'stores'];
  private readonly entries = new Map<string, { payees: ShopPayees; from: number; until: number; at: number }>();
  /** Counts the changes heard: an answer is kept only if none came while it was read. */
  private generation = 0;

  constructor(
    projections: Pick<ProjectionHost, 'keepsInMemory' | 'onReadModelChanged'>,
    private readonly pool: Pool,
    private readonly maxEntries = 5_000,
    private readonly maxAgeMs = 30_000,
  ) {
    const watched = new Set(ShopPayeesCache.sources);
    projections.keepsInMemory(watched);
    projections.onReadModelChanged((name) => {
      if (!watched.has(name)) return;
      this.generation++;
      this.entries.clear();
    });
  }

  /** The payees of `storeIds` at `now` (the command's clock): those kept and still true then, the others read. */
  async of(storeIds: readonly string[], now: Date): Promise<Map<string, ShopPayees>> {
    const at = Date.now();
    const time = now.getTime();
    const found = new Map<string, ShopPayees>();
    const missing: string[] = [];
    for (const id of storeIds) {
      const kept = this.entries.get(id);
      // Kept for a clock between the read's and the first plan's end (a clock moved back may meet a plan not yet ended).
      if (kept && at - kept.at < this.maxAgeMs && time >= kept.from && time < kept.until) found.set(id, kept.payees);
      else missing.push(id);
    }
    if (missing.length === 0) return found;
    const generation = this.generation;
    const read = await payeesAt(this.pool, missing, now);
    const keep = generation === this.generation;
    for (const [id, { payees, until }] of read) {
      found.set(id, payees);
      if (!keep) continue;
      this.entries.delete(id);
      this.entries.set(id, { payees, from: time, until, at });
      if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    }
    return found;
  }
}
