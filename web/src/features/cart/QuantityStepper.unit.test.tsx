import { describe, expect, it } from 'vitest';
import { renderHtml, textOf } from '../../testing/render';
import { maxQuantityFor, QuantityStepper, readQuantity, tooManyText } from './AddToCart';

/* The quantity a customer types is kept as typed: a quantity that is none is said, and never sent (AddToCart and the cart send only `readQuantity`'s quantity). */

const stepper = (text: string, max = 50) => renderHtml(<QuantityStepper text={text} onText={() => {}} last={3} max={max} label="Quantità di Pane" size="small" />);
/** The stepper's input element. */
const input = (html: string) => /<input[^>]*aria-label="Quantità di Pane"[^>]*>/.exec(html)?.[0] ?? '';

describe('a quantity as the customer types it', () => {
  it('reads a whole number from 1 to the most there is, and nothing else', () => {
    expect(readQuantity('12', 50)).toEqual({ quantity: 12 });
    expect(readQuantity(' 50 ', 50)).toEqual({ quantity: 50 });
    // 9999 is not cut to the stock, abc does not become 1: each is refused with why, and no quantity to send.
    expect(readQuantity('9999', 50)).toEqual({ problem: 'Disponibili solo 50 pezzi.' });
    expect(readQuantity('abc', 50)).toEqual({ problem: 'Scrivi un numero da 1 a 50.' });
    expect(readQuantity('', 50)).toEqual({ problem: 'Scrivi un numero da 1 a 50.' });
    expect(readQuantity('0', 50)).toEqual({ problem: 'Scrivi un numero da 1 a 50.' });
    expect(readQuantity('-3', 50)).toEqual({ problem: 'Scrivi un numero da 1 a 50.' });
    expect(readQuantity('2,5', 50)).toEqual({ problem: 'Scrivi un numero intero da 1 a 50.' });
    expect(readQuantity('2', 1)).toEqual({ problem: 'Disponibile solo 1 pezzo.' });
  });

  it('says why no more: the shop’s stock, or the most a cart line holds', () => {
    expect(tooManyText(50)).toBe('Disponibili solo 50 pezzi.');
    expect(tooManyText(500)).toBe('Al massimo 99 pezzi per prodotto.');
    expect(readQuantity('120', maxQuantityFor(500), tooManyText(500))).toEqual({ problem: 'Al massimo 99 pezzi per prodotto.' });
  });
});

describe('the quantity stepper', () => {
  it('keeps 9999 as typed, marks it wrong and says why under it', () => {
    const html = stepper('9999');
    expect(input(html)).toContain('value="9999"');
    expect(input(html)).toContain('aria-invalid="true"');
    expect(textOf(html)).toContain('Disponibili solo 50 pezzi.');
    // The reason is the input's description, read out with it.
    const describedBy = /aria-describedby="([^"]+)"/.exec(input(html))?.[1];
    expect(html).toContain(`id="${describedBy}"`);
  });

  it('keeps abc as typed and asks for a number from 1 to the most there is', () => {
    const html = stepper('abc');
    expect(input(html)).toContain('value="abc"');
    expect(input(html)).toContain('aria-invalid="true"');
    expect(textOf(html)).toContain('Scrivi un numero da 1 a 50.');
  });

  it('shows a quantity that is one plainly', () => {
    const html = stepper('12');
    expect(input(html)).toContain('value="12"');
    expect(input(html)).not.toContain('aria-invalid');
    expect(html).not.toContain('data-testid="quantity-problem"');
  });

  it('says nothing wrong of a sold-out product: there is nothing to choose', () => {
    expect(stepper('1', 0)).not.toContain('data-testid="quantity-problem"');
  });
});
