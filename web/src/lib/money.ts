import { z } from 'zod';

/* Money as the site writes and reads it: every amount shown goes through formatMoney. */

/**
 * Money as "€ 12,50" (design §5, spec §9: two decimals and the euro sign). `short` leaves out the
 * cents of a whole amount ("€ 20", "€ 2,50"), for a chart's axis where every tick must stay narrow.
 */
export function formatMoney(value: number, { short = false }: { short?: boolean } = {}): string {
  const cents = short && Number.isInteger(value) ? 0 : 2;
  return `€ ${value.toLocaleString('it-IT', { minimumFractionDigits: cents, maximumFractionDigits: 2 })}`;
}

/** A number typed as "12,50" or "12.50" (an optional euro sign and spaces allowed); NaN when it is not one. */
export function parseDecimal(text: string): number {
  const t = text.replace(/[\s€]/g, '').replace(',', '.');
  return /^\d+(\.\d+)?$/.test(t) ? Number(t) : NaN;
}

const hasTwoDecimalsAtMost = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-9;

/** An amount in euro for an input: "4,90"; empty when there is none. */
export const amountText = (n: number | null | undefined): string => (n == null ? '' : n.toFixed(2).replace('.', ','));
/** A plain number for an input, with the Italian decimal comma: "2,5". */
export const numberText = (n: number | null | undefined): string => (n == null ? '' : String(n).replace('.', ','));

/** An amount field's text: required and more than zero (a price), or optional and zero or more. */
export function amountField({ required, label, max = 100_000 }: { required: boolean; label: string; max?: number }) {
  return z.string().superRefine((text, ctx) => {
    if (text.trim() === '') {
      if (required) ctx.addIssue({ code: 'custom', message: `${label}: campo obbligatorio.` });
      return;
    }
    const n = parseDecimal(text);
    if (Number.isNaN(n)) ctx.addIssue({ code: 'custom', message: `${label}: scrivi un importo, ad esempio 12,50.` });
    else if (required && n <= 0) ctx.addIssue({ code: 'custom', message: `${label}: deve essere maggiore di zero.` });
    else if (!hasTwoDecimalsAtMost(n)) ctx.addIssue({ code: 'custom', message: `${label}: al massimo due decimali.` });
    else if (n > max) ctx.addIssue({ code: 'custom', message: `${label}: al massimo ${formatMoney(max)}.` });
  });
}

/** The number an optional field's text stands for; null when empty. */
export const optionalNumber = (text: string): number | null => (text.trim() === '' ? null : parseDecimal(text));
