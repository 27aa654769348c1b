import { describe, expect, it } from 'vitest';
import { renderHtml, textOf } from '../../testing/render';
import { creditsOf } from '../collaboration-sessions/SessionParts';
import { radiusProblem } from './CoverageAreaFields';
import { DigitsCodeField } from '../../components/DigitsCodeField';

/* Numbers and codes typed are kept as typed: one that is none is refused with why, never moved to the nearest allowed. */

describe('typed numbers and codes', () => {
  it('refuses a radius out of 1–100 km or no whole number, instead of moving it', () => {
    expect(radiusProblem(10)).toBeNull();
    expect(radiusProblem(1)).toBeNull();
    expect(radiusProblem(100)).toBeNull();
    for (const km of [300, 0, 2.5, Number.NaN]) expect(radiusProblem(km)).toBe('Raggio: un numero intero di km da 1 a 100.');
  });

  it('reads AI credits as typed: 1,5 is no number of credits, not 15', () => {
    expect(creditsOf('15')).toEqual({ credits: 15 });
    expect(creditsOf('')).toEqual({ credits: 0 });
    expect(creditsOf('1,5')).toEqual({ problem: 'Crediti AI: un numero intero da 0 a 10000.' });
    expect(creditsOf('20000')).toEqual({ problem: 'Crediti AI: un numero intero da 0 a 10000.' });
  });

  it('keeps a pickup code pasted too long whole and says so', () => {
    const html = renderHtml(<DigitsCodeField label="Codice di ritiro" value="12345678" onChange={() => {}} />);
    expect(html).toContain('value="12345678"');
    expect(html).toContain('aria-invalid="true"');
    expect(textOf(html)).toContain('Il codice ha 6 cifre: ne hai scritte 8.');
  });
});
