import { describe, expect, it } from 'vitest';
import { lagText, positionText } from './projection-progress';

describe('the read models in words', () => {
  it('says a position as the event it reached, and how far behind it is', () => {
    expect(positionText('2293/227')).toBe('Fino all’evento n. 227 (transazione 2293)');
    expect(positionText('12000/15000')).toBe('Fino all’evento n. 15.000 (transazione 12.000)');
    expect(positionText(null)).toBe('Nessun evento letto');
    expect(lagText(0)).toBe('In pari con il registro');
    expect(lagText(1)).toBe('1 evento da applicare');
    expect(lagText(12)).toBe('12 eventi da applicare');
  });
});
