import { describe, expect, it } from 'vitest';
import { findCities, italianCities } from './position';

const names = (text: string) => findCities(text).map((c) => c.name);

describe('findCities', () => {
  it('finds a city by the start or a part of its name, whatever the case and accents', () => {
    expect(names('bol')).toEqual(['Bologna', 'Bolzano']);
    expect(names('REGGIO')).toEqual(['Reggio Calabria', 'Reggio Emilia']);
    expect(names('emilia')).toEqual(['Reggio Emilia']);
    expect(names('l’aquila')).toEqual(["L'Aquila"]);
    expect(names('Tòrino')).toEqual(['Torino']);
  });

  it('finds the city named in a typed address, after the names that start with the text', () => {
    expect(names('Via Zamboni 33, 40126 Bologna BO')).toEqual(['Bologna']);
    expect(names('Piazza del Duomo, Milano')).toEqual(['Milano']);
    expect(names('Via Romagna 4')).toEqual([]);
  });

  it('lists every city alphabetically when nothing is typed', () => {
    expect(names('  ')).toEqual(italianCities.map((c) => c.name).sort((a, b) => a.localeCompare(b, 'it')));
  });
});
