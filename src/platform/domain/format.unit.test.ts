import { describe, expect, it } from 'vitest';
import { plural, said } from './format.js';

describe('a count with its noun', () => {
  it('is singular for one (and minus one), plural otherwise, the number as Italy writes it', () => {
    expect(plural(1, 'recensione pubblicata', 'recensioni pubblicate')).toBe('1 recensione pubblicata');
    expect(plural(0, 'recensione', 'recensioni')).toBe('0 recensioni');
    expect(plural(3, 'recensione', 'recensioni')).toBe('3 recensioni');
    expect(plural(-1, 'credito', 'crediti')).toBe('-1 credito');
    expect(plural(12500, 'pezzo', 'pezzi')).toBe('12.500 pezzi');
  });
});

describe('the fields a change touched', () => {
  const names = { name: 'nome', priceCents: 'prezzo', latitude: 'posizione', longitude: 'posizione' };
  it('are named in Italian in the names’ order, each once, anything unnamed as «altri dati»', () => {
    expect(said.fields(names, { priceCents: 100, name: 'A' })).toBe('nome, prezzo');
    expect(said.fields(names, { longitude: 9, latitude: 45 })).toBe('posizione');
    expect(said.fields(names, { secretKey: 'x', name: 'A' })).toBe('nome, altri dati');
    expect(said.fields(names, {})).toBe('nessun dato');
    expect(said.fields(names, undefined, 'nessuna opzione')).toBe('nessuna opzione');
  });
});
