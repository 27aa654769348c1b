import { randomUUID } from 'node:crypto';
import { later, scenario, scenarioNow as now, worldIds } from '../../platform/testing/accepted-events.js';
import { entitlementDecider, userPackagesStreamId, type EntitlementCommand, type PackageTerms } from './entitlement.js';
import { packageDecider, packageDefaults, packageStreamId, type PackageCommand, type PackageFields } from './package.js';

const plan = randomUUID();
const fields: PackageFields = {
  ...packageDefaults,
  name: 'Spedizioni',
  description: 'Spedisci ai clienti vicini',
  priceCents: 1990,
  credits: 50,
  type: 'shipping',
  features: ['Spedizioni entro 20 km'],
  isPromotional: true,
  discountPercentage: 10,
  promotionEndDate: later(30 * 86_400_000).toISOString(),
  enablesShipping: true,
  shippingRadius: 20,
  maxFreeShippingOrders: 10,
  enablesOnlinePayments: true,
  aiCreditsPriceCents: 990,
  collaboratorPriceCents: 4900,
  collaboratorTotalCostCents: 5900,
  collaboratorCompensationCents: 3900,
  siteCommissionCents: 1000,
  customItems: ['Assistenza'],
  durationDays: 30,
  durationMonths: 1,
};
const terms: PackageTerms = {
  packageId: plan,
  name: 'Spedizioni',
  type: 'shipping',
  durationDays: 30,
  enablesShipping: true,
  shippingRadius: 20,
  enablesOnlinePayments: true,
  enablesStripePayments: false,
  enablesPayPalPayments: false,
  enablesPriceComparison: false,
  maxFreeShippingOrders: 10,
};
const bought = randomUUID();
const purchase = randomUUID();

export const scenarios = [
  scenario<PackageCommand>('packages', packageStreamId(randomUUID()), packageDecider, [], [{ type: 'CreatePackage', id: randomUUID(), fields }]),
  scenario<PackageCommand>(
    'package changes',
    packageStreamId(plan),
    packageDecider,
    [{ type: 'CreatePackage', id: plan, fields }],
    [
      {
        type: 'ChangePackage',
        changes: { name: 'Spedizioni Plus', priceCents: 2490, shippingRadius: 30, discountPercentage: 20, promotionEndDate: later(60 * 86_400_000).toISOString() },
      },
      { type: 'ArchivePackage' },
      { type: 'DeletePackage', bought: false },
    ],
  ),
  scenario<EntitlementCommand>(
    'plans of a shopkeeper',
    userPackagesStreamId(worldIds.shopkeeper),
    entitlementDecider,
    [{ type: 'ActivatePackage', userPackageId: purchase, userId: worldIds.shopkeeper, terms, transactionId: bought, amountCents: 1990, paymentMethod: 'sandbox', now }],
    [
      { type: 'ActivatePackage', userPackageId: randomUUID(), userId: worldIds.shopkeeper, terms, transactionId: randomUUID(), amountCents: 1990, paymentMethod: 'sandbox', now },
      { type: 'NoticeExpiry', userPackageId: purchase, now: later(29 * 86_400_000) },
      { type: 'ExpirePackage', userPackageId: purchase, now: later(31 * 86_400_000) },
      { type: 'DeactivatePackage', transactionId: bought, reason: 'Pagamento rimborsato', now },
    ],
  ),
];
