import { z } from 'zod';
import { column, sql, type ReadDb } from '../../platform/db/read.js';
import { DomainError } from '../../platform/domain/errors.js';
import { anyOf, booleanFilter, type ListResource } from '../../platform/http/admin-rest.js';
import { centsRow } from '../../platform/http/money.js';
import { publicPackage, userPackage, type AdminPackage, type MyPackages, type PublicPackage, type UserPackage } from './contract.js';
import { packageNotFound, packageStatuses, packageTypes, planTypes, priceAt, promotionActive, type PackageType } from './package.js';

/** A package's columns under the names of its answer, money as the cents the table holds. */
const packageColumns = sql.fragment`p.id, p.name, p.description, p.type, p.credits, p.features, p.is_popular AS "isPopular", p.is_promotional AS "isPromotional",
  p.discount_percentage AS "discountPercentage", p.promotion_end_date AS "promotionEndDate", p.enables_shipping AS "enablesShipping",
  p.shipping_radius AS "shippingRadius", p.max_free_shipping_orders AS "maxFreeShippingOrders", p.enables_online_payments AS "enablesOnlinePayments",
  p.enables_stripe_payments AS "enablesStripePayments", p.enables_paypal_payments AS "enablesPayPalPayments", p.enables_price_comparison AS "enablesPriceComparison",
  p.duration_days AS "durationDays", p.duration_months AS "durationMonths", p.price_cents AS "price"`;

/** Every package but deleted ones, archived included: the admin's list. */
export const packagesResource: ListResource = {
  name: 'packages',
  from: 'packages p',
  select: `${packageColumns.sql}, p.ai_credits_price_cents AS "aiCreditsPrice", p.collaborator_price_cents AS "collaboratorPrice",
    p.collaborator_total_cost_cents AS "collaboratorTotalCost", p.commission_percentage AS "commissionPercentage",
    p.collaborator_compensation_cents AS "collaboratorCompensation", p.site_commission_cents AS "siteCommission", p.custom_items AS "customItems",
    p.status, (SELECT count(*)::int FROM user_packages u WHERE u.package_id = p.id) AS purchases, p.created_at AS "createdAt", p.updated_at AS "updatedAt"`,
  id: 'p.id',
  sortable: {
    id: 'p.id',
    name: 'lower(p.name)',
    type: 'p.type',
    price: 'p.price_cents',
    credits: 'p.credits',
    isPopular: 'p.is_popular',
    isPromotional: 'p.is_promotional',
    durationDays: 'p.duration_days',
    status: 'p.status',
    createdAt: 'p.created_at',
    updatedAt: 'p.updated_at',
  },
  defaultOrder: 'p.price_cents, p.name',
  filters: {
    type: anyOf(packageTypes, 'Tipo', 'p.type'),
    status: anyOf(packageStatuses, 'Stato', 'p.status'),
    isPopular: booleanFilter('p.is_popular'),
    isPromotional: booleanFilter('p.is_promotional'),
  },
  searchText: 'p.admin_text',
  notFound: packageNotFound,
};

type PackageRow = Omit<AdminPackage, 'currentPrice'>;

/** The admin's record: the row, and the price of the moment at `now`. */
export const adminRecord =
  (now: Date) =>
  (row: PackageRow): AdminPackage => ({
    ...row,
    currentPrice: priceAt({ ...row, priceCents: row.price }, now),
  });

/** A row of `packageColumns`: a package on sale as its answer says it, the list price in cents, before the price of the moment. */
const publicRow = centsRow(publicPackage.omit({ originalPrice: true }));
type PublicRow = z.infer<typeof publicRow>;

/** What a shop is shown at `now`: the price of the moment and the promotion only while it lasts. */
function publicOf(row: PublicRow, now: Date): PublicPackage {
  const promo = promotionActive(row, now);
  return {
    ...row,
    price: priceAt({ ...row, priceCents: row.price }, now),
    originalPrice: row.price,
    isPromotional: promo,
    discountPercentage: promo ? row.discountPercentage : 0,
    promotionEndDate: promo ? row.promotionEndDate : null,
  };
}

/** The packages on sale, of one type if asked, cheapest first. */
export async function packagesOnSale(db: ReadDb, type: PackageType | undefined, now: Date): Promise<PublicPackage[]> {
  const rows = await db.any(
    sql.type(publicRow)`SELECT ${packageColumns} FROM packages p
      WHERE p.status = 'active' AND (${type ?? null}::text IS NULL OR p.type = ${type ?? null}) ORDER BY p.price_cents, p.name`,
  );
  return rows.map((r) => publicOf(r, now));
}

/** One package on sale; an archived or unknown one is not found. */
export async function packageOnSale(db: ReadDb, id: string, now: Date): Promise<PublicPackage> {
  const row = await db.maybeOne(sql.type(publicRow)`SELECT ${packageColumns} FROM packages p WHERE p.id = ${id} AND p.status = 'active'`);
  if (!row) throw new DomainError(packageNotFound, 'not-found');
  return publicOf(row, now);
}

/** A purchase as its answer says it, the amount in the cents the table holds. */
const userPackageRow = centsRow(userPackage);

/**
 * A user's purchases, newest first, and the plan in force at `now`: of their plans bought and not
 * ended, the one bought last, as their store follows it (refund-process.ts, followPlans). Both from
 * one read of the purchases' read model, so the plan shows with its purchase: the store's own copy of it is
 * written a moment after the purchase, and a page that read the purchase active before then said
 * «Non hai un piano attivo» until reloaded.
 */
export async function packagesOf(db: ReadDb, userId: string, now: Date): Promise<MyPackages> {
  const purchases: UserPackage[] = [
    ...(await db.any(sql.type(userPackageRow)`
      SELECT id, package_id AS "packageId", package_name AS "packageName", package_type AS "packageType", purchase_date AS "purchaseDate",
        expires_at AS "expiresAt", is_active AS "isActive", deactivation_reason AS "deactivationReason", payment_method AS "paymentMethod", transaction_id AS "transactionId", amount_cents AS amount
      FROM user_packages WHERE user_id = ${userId} ORDER BY purchase_date DESC, id`)),
  ];
  // The purchases come newest first: the plan in force is the first plan among them still running.
  const plan = purchases.find((p) => p.isActive && planTypes.includes(p.packageType) && new Date(p.expiresAt).getTime() > now.getTime());
  const current = plan && { packageId: plan.packageId, name: plan.packageName, type: plan.packageType, expiresAt: plan.expiresAt };
  return { current: current ?? null, purchases };
}

const dueRow = z.object({ id: column.uuid, userId: column.uuid });
const idRow = z.object({ id: column.uuid });
const found = z.object({ found: z.boolean() });

/**
 * The purchases with something to do at `now`: past their end, or within a notice's time
 * (`notices`: name → how long before the end) without it sent. A purchase past the last notice's
 * time is not asked for an earlier one (the decider sends only the closest).
 */
export async function purchasesDue(db: ReadDb, now: Date, notices: readonly { notice: string; before: number }[]): Promise<{ id: string; userId: string }[]> {
  const byNearest = [...notices].sort((a, b) => a.before - b.before);
  const at = now.toISOString();
  const rows = await db.any(sql.type(dueRow)`
    SELECT id, user_id AS "userId" FROM user_packages u
    WHERE is_active AND (expires_at <= ${at}::timestamptz OR EXISTS (
      SELECT 1 FROM unnest(${sql.array(
        byNearest.map((n) => n.notice),
        'text',
      )}, ${sql.array(
        byNearest.map((n) => n.before),
        'float8',
      )}, ${sql.array(
        byNearest.map((_, i) => (i === 0 ? 0 : byNearest[i - 1]!.before)),
        'float8',
      )}) AS n (notice, before_ms, nearer_ms)
      WHERE u.expires_at <= ${at}::timestamptz + n.before_ms * interval '1 millisecond'
        AND u.expires_at > ${at}::timestamptz + n.nearer_ms * interval '1 millisecond'
        AND NOT n.notice = ANY (u.notices)))
    ORDER BY expires_at, id`);
  return [...rows];
}

/** Whether anyone ever bought the package (one bought is archived, never deleted). */
export async function everBought(db: ReadDb, packageId: string): Promise<boolean> {
  return db.oneFirst(sql.type(found)`SELECT EXISTS (SELECT 1 FROM user_packages WHERE package_id = ${packageId}) AS found`);
}

/** The collaboration package (type ai_collaborator) on sale to buy: `preferred` while on sale, otherwise the cheapest; null when none is. */
export async function collaborationPackageOnSale(db: ReadDb, preferred: string | null = null): Promise<string | null> {
  return db.maybeOneFirst(sql.type(idRow)`
    SELECT id FROM packages WHERE type = 'ai_collaborator' AND status = 'active' ORDER BY (id = ${preferred}::uuid) DESC NULLS LAST, price_cents, id LIMIT 1`);
}
