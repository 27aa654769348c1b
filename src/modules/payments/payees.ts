import type { Pool } from '../../platform/db/pool.js';
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
  if (storeIds.length === 0) return new Map();
  const { rows } = await pool.query<{ id: string; accounts: Record<string, string> | null; commission: number | null }>(
    `SELECT s.id,
       (SELECT jsonb_object_agg(a.provider, a.account_id) FROM payment_accounts a
         WHERE a.holder_kind = 'store' AND a.holder_id = s.id AND a.charges_enabled) AS accounts,
       (SELECT p.commission_percentage::float8 FROM user_packages up JOIN packages p ON p.id = up.package_id
         WHERE up.user_id = s.owner_id AND up.is_active AND up.expires_at > $2 AND up.package_type = ANY ($3::text[])
         ORDER BY up.purchase_date DESC LIMIT 1) AS commission
     FROM stores s WHERE s.id = ANY ($1::uuid[])`,
    [storeIds, now.toISOString(), [...planTypes]],
  );
  return new Map(rows.map((r) => [r.id, { accounts: r.accounts ?? {}, commissionPercentage: r.commission ?? DEFAULT_COMMISSION_PERCENTAGE }]));
}
