import type { Cents } from '../../platform/domain/money.js';

/*
 * The platform's commission on an order paid online (issue [20]): the shop's plan's
 * `commissionPercentage` (spec §9, 20 % when the shop has no plan) of what the customer pays for
 * that order, products and shipping alike. It travels as the provider's application fee (Stripe's
 * `application_fee_amount`, PayPal's platform fee); the shop receives the rest.
 *
 * The rounding rule, once for every provider and for the built-in test payments:
 * - the fee is the amount times the percentage, as the admin typed it (a decimal, read exactly:
 *   12.345 % is 12345/1000, never the nearest binary fraction), rounded to the nearest cent, half a
 *   cent up: 20 % of € 0,03 is € 0,01 (0,6 cents), 12,5 % of € 0,04 is € 0,01 (0,5 cents);
 * - the shop's part is the amount less the fee, so the two always add up to the amount;
 * - a refund gives back the fee in proportion, counted on the running total: after refunds of R
 *   cents of an amount A, the fee given back so far is fee × R / A rounded as above, and each
 *   refund's part is that figure less the one before it. Refunding an amount in several parts
 *   gives back the whole fee, never a cent more or less, whatever the parts.
 */

/** The commission when the shop's plan does not say (spec §9 `commissionPercentage`). */
export const DEFAULT_COMMISSION_PERCENTAGE = 20;

/** A percentage as the exact fraction of its decimal writing: 12.345 → 12345/1000. */
function fractionOf(percentage: number): { numerator: bigint; denominator: bigint } {
  if (!Number.isFinite(percentage) || percentage < 0 || percentage > 100) throw new RangeError(`Commission percentage out of range: ${percentage}`);
  const [whole, decimals = ''] = percentage.toFixed(12).replace(/0+$/, '').split('.');
  return { numerator: BigInt(`${whole}${decimals}`), denominator: 10n ** BigInt(decimals.length) };
}

/** numerator / denominator, rounded to the nearest integer, half up (both ≥ 0). */
const roundHalfUp = (numerator: bigint, denominator: bigint): number => Number((2n * numerator + denominator) / (2n * denominator));

/** The platform's fee on `amountCents` at `percentage` %: whole cents, half a cent up. */
export function commissionCents(amountCents: Cents, percentage: number): Cents {
  if (!Number.isSafeInteger(amountCents) || amountCents < 0) throw new RangeError(`Amount not in whole cents: ${amountCents}`);
  const { numerator, denominator } = fractionOf(percentage);
  return roundHalfUp(BigInt(amountCents) * numerator, denominator * 100n);
}

/** What a payment of `amountCents` splits into: the platform's fee and the shop's part. */
export function splitOfPayment(amountCents: Cents, percentage: number): { feeCents: Cents; netCents: Cents } {
  const feeCents = commissionCents(amountCents, percentage);
  return { feeCents, netCents: amountCents - feeCents };
}

/**
 * What a refund of `refundCents` gives back of a payment of `amountCents` whose fee was `feeCents`,
 * after `refundedBeforeCents` were refunded: the fee's part (the platform gives it back) and the
 * shop's part (taken back from the shop's transfer). The parts of every refund add up to the fee
 * and the shop's part of the whole payment.
 */
export function refundSplit(
  { amountCents, feeCents }: { amountCents: Cents; feeCents: Cents },
  refundedBeforeCents: Cents,
  refundCents: Cents,
): { feeCents: Cents; netCents: Cents } {
  if (amountCents <= 0) return { feeCents: 0, netCents: refundCents };
  const before = Math.min(refundedBeforeCents, amountCents);
  const after = Math.min(before + refundCents, amountCents);
  const feeBack = (refunded: number) => roundHalfUp(BigInt(feeCents) * BigInt(refunded), BigInt(amountCents));
  const fee = feeBack(after) - feeBack(before);
  return { feeCents: fee, netCents: refundCents - fee };
}
