import { byEventType, type Projection } from '../../platform/projections/projection.js';
import type { EntitlementEvent } from './entitlement.js';
import type { PackageEvent, PackageFields } from './package.js';

const idOf = (streamId: string) => streamId.slice('package-'.length);

/** Where each field of a package lives in `packages`; json ones are stored as jsonb. */
const columns: Record<keyof PackageFields, string> = {
  name: 'name',
  description: 'description',
  priceCents: 'price_cents',
  credits: 'credits',
  type: 'type',
  features: 'features',
  isPopular: 'is_popular',
  isPromotional: 'is_promotional',
  discountPercentage: 'discount_percentage',
  promotionEndDate: 'promotion_end_date',
  enablesShipping: 'enables_shipping',
  shippingRadius: 'shipping_radius',
  maxFreeShippingOrders: 'max_free_shipping_orders',
  enablesOnlinePayments: 'enables_online_payments',
  enablesStripePayments: 'enables_stripe_payments',
  enablesPayPalPayments: 'enables_paypal_payments',
  enablesPriceComparison: 'enables_price_comparison',
  aiCreditsPriceCents: 'ai_credits_price_cents',
  collaboratorPriceCents: 'collaborator_price_cents',
  collaboratorTotalCostCents: 'collaborator_total_cost_cents',
  commissionPercentage: 'commission_percentage',
  collaboratorCompensationCents: 'collaborator_compensation_cents',
  siteCommissionCents: 'site_commission_cents',
  customItems: 'custom_items',
  durationDays: 'duration_days',
  durationMonths: 'duration_months',
};
const jsonFields = new Set<keyof PackageFields>(['features', 'customItems']);

function columnValues(fields: Partial<PackageFields>): { names: string[]; values: unknown[] } {
  const keys = (Object.keys(fields) as (keyof PackageFields)[]).filter((k) => k in columns);
  return { names: keys.map((k) => columns[k]), values: keys.map((k) => (jsonFields.has(k) ? JSON.stringify(fields[k]) : fields[k])) };
}

/** The `packages` read model: the catalogue, archived packages included (the purchases name them). */
export const packagesProjection: Projection = {
  name: 'packages',
  title: 'Pacchetti',
  version: 1,
  tables: ['packages'],
  apply: byEventType<PackageEvent>({
    PackageCreated: async (event, tx) => {
      const { names, values } = columnValues(event.data.fields);
      await tx.query(
        `INSERT INTO packages (id, status, created_at, updated_at, ${names.join(', ')})
         VALUES ($1, 'active', $2, $2, ${values.map((_, i) => `$${i + 3}`).join(', ')}) ON CONFLICT (id) DO NOTHING`,
        [event.data.id, event.metadata.at, ...values],
      );
    },
    PackageChanged: async (event, tx) => {
      const { names, values } = columnValues(event.data.changes);
      if (!names.length) return;
      await tx.query(`UPDATE packages SET ${names.map((n, i) => `${n} = $${i + 3}`).join(', ')}, updated_at = $2 WHERE id = $1`, [
        idOf(event.streamId),
        event.metadata.at,
        ...values,
      ]);
    },
    PackageArchived: async (event, tx) => {
      await tx.query(`UPDATE packages SET status = 'archived', updated_at = $2 WHERE id = $1`, [idOf(event.streamId), event.metadata.at]);
    },
    PackageDeleted: async (event, tx) => {
      await tx.query('DELETE FROM packages WHERE id = $1', [idOf(event.streamId)]);
    },
  }),
};

/** The `user_packages` read model (spec §3): every purchase, whether in force, and the notices sent. */
export const userPackagesProjection: Projection = {
  name: 'user-packages',
  title: 'Pacchetti acquistati',
  version: 1,
  tables: ['user_packages'],
  apply: byEventType<EntitlementEvent>({
    PackageActivated: async (event, tx) => {
      const d = event.data;
      await tx.query(
        `INSERT INTO user_packages (id, user_id, package_id, package_name, package_type, purchase_date, expires_at, is_active, payment_method, transaction_id, amount_cents, max_free_shipping_orders)
         VALUES ($1, $2, $3, $4, $5, $6, $7, true, $8, $9, $10, $11) ON CONFLICT (id) DO NOTHING`,
        [
          d.userPackageId,
          d.userId,
          d.terms.packageId,
          d.terms.name,
          d.terms.type,
          d.purchaseDate,
          d.expiresAt,
          d.paymentMethod,
          d.transactionId,
          d.amountCents,
          d.terms.maxFreeShippingOrders ?? null,
        ],
      );
      if (d.renews) await tx.query('UPDATE user_packages SET is_active = false WHERE id = $1', [d.renews]);
    },
    PackageExpiryNoticed: async (event, tx) => {
      await tx.query('UPDATE user_packages SET notices = array_append(notices, $2) WHERE id = $1 AND NOT $2 = ANY (notices)', [event.data.userPackageId, event.data.notice]);
    },
    PackageExpired: async (event, tx) => {
      await tx.query('UPDATE user_packages SET is_active = false WHERE id = $1', [event.data.userPackageId]);
    },
    PackageDeactivated: async (event, tx) => {
      const d = event.data;
      await tx.query(
        `UPDATE user_packages SET is_active = (id IS NOT DISTINCT FROM $3::uuid), deactivation_reason = CASE WHEN id = $1::uuid THEN $2 ELSE deactivation_reason END
         WHERE id = $1::uuid OR id = $3::uuid`,
        [d.userPackageId, d.reason, d.restores],
      );
    },
  }),
};
