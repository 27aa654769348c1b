import { describe, expect, it } from 'vitest';
import { amountField, amountText, formatMoney, numberText, optionalNumber, parseDecimal } from './money';

const messages = (schema: ReturnType<typeof amountField>, text: string) => {
  const result = schema.safeParse(text);
  return result.success ? [] : result.error.issues.map((i) => i.message);
};

describe('amounts shown', () => {
  it('writes the euro sign, thousands with a point and always two decimals', () => {
    expect(formatMoney(12.5)).toBe('€ 12,50');
    expect(formatMoney(0)).toBe('€ 0,00');
    expect(formatMoney(12345.5)).toBe('€ 12.345,50');
  });

  it('leaves out the cents of a whole amount on a chart axis only', () => {
    expect(formatMoney(20, { short: true })).toBe('€ 20');
    expect(formatMoney(2.5, { short: true })).toBe('€ 2,50');
    expect(formatMoney(15000, { short: true })).toBe('€ 15.000');
  });
});

describe('amounts typed the Italian way', () => {
  it('reads a decimal comma or point, a euro sign and spaces', () => {
    expect(parseDecimal('12,50')).toBe(12.5);
    expect(parseDecimal('12.50')).toBe(12.5);
    expect(parseDecimal('€ 4,90')).toBe(4.9);
    expect(parseDecimal(' 7 ')).toBe(7);
  });

  it('refuses what is not a plain amount', () => {
    for (const text of ['', 'abc', '1.234,50', '-3', '3,', ',5', '1e3']) expect(parseDecimal(text), text).toBeNaN();
  });

  it('writes amounts back with the comma and two decimals', () => {
    expect(amountText(4.9)).toBe('4,90');
    expect(amountText(null)).toBe('');
    expect(numberText(2.5)).toBe('2,5');
    expect(numberText(undefined)).toBe('');
    expect(optionalNumber('  ')).toBeNull();
    expect(optionalNumber('2,5')).toBe(2.5);
  });

  it('checks a price: required, above zero, two decimals at most, within the maximum', () => {
    const price = amountField({ required: true, label: 'Prezzo' });
    expect(messages(price, '3,40')).toEqual([]);
    expect(messages(price, '')).toEqual(['Prezzo: campo obbligatorio.']);
    expect(messages(price, '0')).toEqual(['Prezzo: deve essere maggiore di zero.']);
    expect(messages(price, '1,234')).toEqual(['Prezzo: al massimo due decimali.']);
    expect(messages(price, 'tre euro')).toEqual(['Prezzo: scrivi un importo, ad esempio 12,50.']);
    expect(messages(price, '100001')[0]).toMatch(/^Prezzo: al massimo /);
  });

  it('lets an optional amount be empty or zero', () => {
    const cost = amountField({ required: false, label: 'Costo di spedizione' });
    expect(messages(cost, '')).toEqual([]);
    expect(messages(cost, '0')).toEqual([]);
    expect(messages(cost, '0,1')).toEqual([]);
  });
});
