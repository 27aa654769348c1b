import { describe, expect, it } from 'vitest';
import { plural } from './format.js';

describe('a count with its noun', () => {
  it('is singular for one (and minus one), plural otherwise, the number as Italy writes it', () => {
    expect(plural(1, 'recensione pubblicata', 'recensioni pubblicate')).toBe('1 recensione pubblicata');
    expect(plural(0, 'recensione', 'recensioni')).toBe('0 recensioni');
    expect(plural(3, 'recensione', 'recensioni')).toBe('3 recensioni');
    expect(plural(-1, 'credito', 'crediti')).toBe('-1 credito');
    expect(plural(12500, 'pezzo', 'pezzi')).toBe('12.500 pezzi');
  });
});
