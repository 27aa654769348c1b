import { plural } from '../../platform/domain/format.js';
import { randomUUID } from 'node:crypto';
import { handleCommand } from '../../platform/commands/handle-command.js';
import { derivedId } from '../../platform/commands/ids.js';
import { claimIdempotencyKey, idempotencyClaim } from '../../platform/commands/idempotency.js';
import type { ReadDb } from '../../platform/db/read.js';
import { systemContext, type CommandContext } from '../../platform/domain/context.js';
import { fold } from '../../platform/domain/decider.js';
import { DomainError } from '../../platform/domain/errors.js';
import type { Cents } from '../../platform/domain/money.js';
import type { EventStore, Position } from '../../platform/eventstore/types.js';
import { changeStore, storeOfOwner } from '../stores/commands.js';
import { changeCredits } from '../credits/commands.js';
import { creditsExpireAt } from '../credits/ledger.js';
import { creditsLotOf } from '../credits/purchase-lots.js';
import { entitlementDecider, userPackagesStreamId, type PackageTerms } from './entitlement.js';
import { openPayment, type ProviderOf } from '../payments/commands.js';
import type { PurchaseMethod } from './contract.js';
import {
  packageDecider,
  packageNotFound,
  packageStreamId,
  priceAt,
  type PackageCommand,
  type PackageEvent,
  type PackageFields,
  type PackageState,
  planTypes,
  type PackageType,
} from './package.js';
import { everBought } from './queries.js';
import { seedPackages } from './seed.js';

interface Deps {
  store: EventStore;
  db: ReadDb;
}

export async function createPackage({ store }: Pick<Deps, 'store'>, fields: PackageFields, ctx: CommandContext): Promise<{ id: string; position: Position | null }> {
  const id = randomUUID();
  const { position } = await handleCommand(store, packageStreamId(id), packageDecider, { type: 'CreatePackage', id, fields }, ctx);
  return { id, position };
}

/** The admin's change or archiving of a package. */
export async function changePackage(
  { store }: Pick<Deps, 'store'>,
  id: string,
  command: Extract<PackageCommand, { type: 'ChangePackage' | 'ArchivePackage' }>,
  ctx: CommandContext,
): Promise<Position | null> {
  return (await handleCommand(store, packageStreamId(id), packageDecider, command, ctx)).position;
}

/** Deletes a package nobody ever bought; one bought is refused (409): it is archived instead. */
export async function deletePackage({ store, db }: Deps, id: string, ctx: CommandContext): Promise<Position | null> {
  return (await handleCommand(store, packageStreamId(id), packageDecider, { type: 'DeletePackage', bought: await everBought(db, id) }, ctx)).position;
}

/** A package as its own stream tells it: what a purchase pays for, whatever the read model shows yet. */
async function packageState(store: EventStore, id: string): Promise<PackageState> {
  return fold(packageDecider, (await store.readStream(packageStreamId(id))) as unknown as PackageEvent[]);
}

export interface Activation {
  userId: string;
  packageId: string;
  transactionId: string;
  amountCents: Cents;
  paymentMethod: string;
}

/**
 * A paid purchase becomes the user's package (user_packages), active until purchaseDate +
 * durationDays, or extended from the current expiry when the same package is still running; a
 * plan becomes the store's current plan. Called by the payments once a purchase is paid; the
 * same transaction twice activates once.
 */
export async function activatePackage(
  { store }: Pick<Deps, 'store'>,
  input: Activation,
  ctx: CommandContext,
): Promise<{ userPackageId: string; expiresAt: string | null; position: Position | null }> {
  const pkg = await packageState(store, input.packageId);
  if (!pkg.exists || pkg.deleted || !pkg.fields) throw new DomainError(packageNotFound, 'not-found');
  const f = pkg.fields;
  const terms: PackageTerms = {
    packageId: input.packageId,
    name: f.name,
    type: f.type,
    durationDays: f.durationDays,
    enablesShipping: f.enablesShipping,
    shippingRadius: f.shippingRadius,
    enablesOnlinePayments: f.enablesOnlinePayments,
    enablesStripePayments: f.enablesStripePayments,
    enablesPayPalPayments: f.enablesPayPalPayments,
    enablesPriceComparison: f.enablesPriceComparison,
    maxFreeShippingOrders: f.maxFreeShippingOrders,
  };
  const userPackageId = derivedId('user-package', input.transactionId);
  const result = await handleCommand(
    store,
    userPackagesStreamId(input.userId),
    entitlementDecider,
    {
      type: 'ActivatePackage',
      userPackageId,
      userId: input.userId,
      terms,
      transactionId: input.transactionId,
      amountCents: input.amountCents,
      paymentMethod: input.paymentMethod,
      now: ctx.now,
    },
    ctx,
  );
  const purchase = result.state.purchases.find((p) => p.transactionId === input.transactionId);
  let position = result.position;
  if (purchase && f.credits > 0) {
    // The package's AI credits: a lot of their own, by the purchase (however often this runs, one lot), for 12 months.
    const lot = {
      type: 'AddCredits',
      lotId: creditsLotOf(input.transactionId),
      credits: f.credits,
      expiresAt: creditsExpireAt(ctx.now),
      source: { kind: 'purchase', paymentId: input.transactionId, packageId: input.packageId, packageName: f.name },
    } as const;
    position = (await changeCredits(store, input.userId, lot, ctx)).position ?? position;
  }
  if (purchase && planTypes.includes(f.type)) {
    const storeId = await storeOfOwner(store, input.userId);
    if (storeId) position = (await changeStore(store, storeId, { type: 'SetStorePlan', packageId: input.packageId, expiresAt: purchase.expiresAt }, ctx)) ?? position;
  }
  return { userPackageId, expiresAt: purchase?.expiresAt ?? null, position };
}

/** The demo catalogue, created once at the first start (fixed ids: a package deleted by the admin is not made again). */
export async function ensurePackages(store: EventStore): Promise<Position | null> {
  const ctx = systemContext();
  let last: Position | null = null;
  for (const fields of seedPackages) {
    const id = derivedId('seed-package', fields.name);
    last = (await handleCommand(store, packageStreamId(id), packageDecider, { type: 'CreatePackage', id, fields }, ctx)).position ?? last;
  }
  return last;
}

/** The demo's paid Premium plan for `userId` (the seed's shops that ship), once: its transaction is named after the user. */
export async function demoPlanFor(deps: Deps, userId: string): Promise<Position | null> {
  await ensurePackages(deps.store);
  const premium = seedPackages.find((p) => p.type === 'premium')!;
  const activation = { userId, packageId: derivedId('seed-package', premium.name), transactionId: `demo-${userId}`, amountCents: premium.priceCents, paymentMethod: 'sandbox' };
  return (await activatePackage(deps, activation, systemContext())).position;
}

/** The lot of credits a package's purchase brings, named after its payment: one however often activation runs. */

export interface Purchase {
  userId: string;
  packageId: string;
  /** The request's Idempotency-Key: retried with the same key, the same payment (and one purchase). */
  idempotencyKey: string;
  paymentMethod: PurchaseMethod;
  /** Where the provider's page sends the buyer back, paid or not. */
  returnUrl: string;
  cancelUrl: string;
  /** A pack of AI credits bought from the credits' page (spec's credit_purchase): only packages that carry credits. */
  forCredits?: boolean;
  /** What another module adds to the payment's metadata beside the purpose (e.g. a collaboration's unlockId), to find it again. */
  metadata?: Record<string, unknown>;
  /** The caller claimed its request's key itself (a collaboration's unlock: the key means the unlock); otherwise it is claimed here. */
  keyClaimed?: true;
}

/** Packages bought for their credits: a credits' purchase names one of these. */
export const creditPackTypes: readonly PackageType[] = ['ai', 'ai_collaborator'];

/**
 * Buys a package at the price of the moment: a payment (package_purchase, pending) opened at the
 * provider, whose page the buyer goes to (`paymentUrl`); the package is activated once the payment
 * completes (purchase-process.ts). A package at no price is activated at once, without a payment.
 */
export async function purchasePackage(
  { store, providers }: Deps & { providers: ProviderOf },
  input: Purchase,
  ctx: CommandContext,
): Promise<{ paymentId: string | null; paymentUrl: string | null; position: Position | null }> {
  const pkg = await packageState(store, input.packageId);
  if (!pkg.exists || pkg.deleted || !pkg.fields || pkg.status !== 'active') throw new DomainError(packageNotFound, 'not-found');
  if (input.forCredits && (!creditPackTypes.includes(pkg.fields.type) || pkg.fields.credits <= 0)) {
    throw new DomainError('Questo pacchetto non contiene crediti AI: scegline uno della pagina Crediti.', 'rule');
  }
  const amountCents = priceAt(pkg.fields, ctx.now);
  const scope = input.forCredits ? 'credit-purchase' : 'package-purchase';
  // The key means this request: the package and how it is paid (not where the payer comes back).
  if (!input.keyClaimed) {
    await claimIdempotencyKey(store, idempotencyClaim(scope, input.userId, input.idempotencyKey, { packageId: input.packageId, paymentMethod: input.paymentMethod }), ctx);
  }
  const paymentId = derivedId(scope, input.userId, input.idempotencyKey);
  if (amountCents === 0) {
    const { position } = await activatePackage(
      { store },
      { userId: input.userId, packageId: input.packageId, transactionId: paymentId, amountCents, paymentMethod: 'gratuito' },
      ctx,
    );
    return { paymentId: null, paymentUrl: null, position };
  }
  const { id, paymentUrl, position } = await openPayment(
    { store, providers },
    {
      id: paymentId,
      fields: {
        userId: input.userId,
        transactionType: input.forCredits ? 'credit_purchase' : 'package_purchase',
        amountCents,
        currency: 'EUR',
        paymentMethod: input.paymentMethod === 'paypal' ? 'paypal' : 'credit_card',
        paymentProvider: input.paymentMethod,
        description: input.forCredits
          ? `Crediti AI: ${pkg.fields.credits.toLocaleString('it-IT')} con il pacchetto «${pkg.fields.name}»`
          : `Pacchetto «${pkg.fields.name}», ${plural(pkg.fields.durationDays, 'giorno', 'giorni')}`,
        packageId: input.packageId,
        assignmentId: null,
        metadata: { ...input.metadata, purpose: { kind: 'package', packageId: input.packageId } },
      },
      returnUrl: input.returnUrl,
      cancelUrl: input.cancelUrl,
    },
    ctx,
  );
  return { paymentId: id, paymentUrl, position };
}
