/*
 * Money inside Vicino is a whole number of cents (spec §9): deciders, events written from now on
 * and read models add and compare integers, so 0,10 € + 0,20 € is 30 cents and never
 * 0.30000000000000004. Euros with two decimals exist only at the HTTP edge and in the sentences
 * people read.
 */

/** An amount in cents of a euro: an integer. */
export type Cents = number;

const euro = new Intl.NumberFormat('it-IT', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * Euros as a request or an old event carries them, in cents. Binary floating point makes
 * 2.35 * 100 = 235.00000000000003, so an amount within a hair of whole cents is rounded to them;
 * one in fractions of a cent (0.004) stays fractional, so the decider refuses it as it always
 * has instead of the edge rounding it silently.
 */
export function toCents(euros: number): Cents {
  const cents = euros * 100;
  const whole = Math.round(cents);
  return Math.abs(whole - cents) < 1e-6 ? whole : cents;
}

/** Cents as euros with two decimals at most (235 → 2.35), as answers carry them. */
export const toEuros = (cents: Cents): number => cents / 100;

/** Whole cents: the only amounts a decider accepts. */
export const isWholeCents = (cents: Cents): boolean => Number.isSafeInteger(cents);

/** Cents as Italians read them in messages: "€ 2,35", "€ 1.000.000,00". */
export const formatCents = (cents: Cents): string => `€ ${euro.format(cents / 100)}`;
