import { describe, expect, it } from 'vitest';
import { MAX_TITLE } from '@labels/complaints';
import { renderHtml, textOf } from '../testing/render';
import { LimitedTextField, tooLong, tooLongFields } from './form-kit';

/* A text over its limit is kept whole, counted, marked wrong with how much was written, and refused before sending. */

const pasted = 'Il collaboratore ha cambiato i prezzi senza avvisare. '.repeat(12).slice(0, 620);
const field = (value: string, error?: string) =>
  renderHtml(<LimitedTextField label="Titolo" value={value} onChange={() => {}} limit={MAX_TITLE} error={error} hint="In poche parole, cosa è successo" />);
const input = (html: string) => /<input[^>]*>/.exec(html)?.[0] ?? '';

describe('a text with a limit', () => {
  it('keeps a 620-character title whole, counts it and says how much was written', () => {
    expect(pasted).toHaveLength(620);
    const html = field(pasted);
    expect(input(html)).toContain(`value="${pasted}"`);
    expect(input(html)).toContain('aria-invalid="true"');
    expect(input(html).toLowerCase()).not.toContain('maxlength');
    expect(textOf(html)).toContain('Al massimo 200 caratteri: ne hai scritti 620.');
    expect(textOf(html)).toContain('620/200');
  });

  it('is refused before sending, with the same words', () => {
    expect(tooLong(pasted, MAX_TITLE)).toBe('Al massimo 200 caratteri: ne hai scritti 620.');
    expect(tooLongFields({ title: [pasted, MAX_TITLE], description: ['Breve.', 5000] })).toEqual({
      title: 'Al massimo 200 caratteri: ne hai scritti 620.',
      description: undefined,
    });
    expect(tooLong('x'.repeat(200), MAX_TITLE)).toBeUndefined();
  });

  it('shows its hint, and its count only near the limit', () => {
    const short = field('Prezzi cambiati');
    expect(input(short)).toContain('aria-invalid="false"');
    expect(textOf(short)).toContain('In poche parole, cosa è successo');
    expect(textOf(short)).not.toContain('/200');
    expect(textOf(field('x'.repeat(170)))).toContain('170/200');
  });

  it('puts the form’s own problem first', () => {
    const html = field('', 'Scrivi un titolo.');
    expect(input(html)).toContain('aria-invalid="true"');
    expect(textOf(html)).toContain('Scrivi un titolo.');
  });
});
