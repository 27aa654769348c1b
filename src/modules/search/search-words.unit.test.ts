import { describe, expect, it } from 'vitest';
import { fullTextQuery, textPatterns, typoBudget, typoDistance, withCorrections, type CorrectedWords } from './search-words.js';

describe('typo tolerance', () => {
  it('allows no typo below 5 letters, one from 5, two from 9', () => {
    expect(['pane', 'panna', 'pomodori', 'mozzarella'].map(typoBudget)).toEqual([0, 1, 1, 2]);
  });

  it('counts a letter missing, added, replaced or two neighbours swapped as one typo each', () => {
    expect(typoDistance('pomodri', 'pomodori', 2)).toBe(1);
    expect(typoDistance('pomodorri', 'pomodori', 2)).toBe(1);
    expect(typoDistance('pomodpri', 'pomodori', 2)).toBe(1);
    expect(typoDistance('pomodroi', 'pomodori', 2)).toBe(1);
    expect(typoDistance('mozzarrela', 'mozzarella', 2)).toBe(2);
    expect(typoDistance('mozzarella', 'mozzarella', 2)).toBe(0);
  });

  it('stops past the budget', () => {
    expect(typoDistance('mozzarella', 'mortadella', 1)).toBe(2);
    expect(typoDistance('mozzarella', 'mortadella', 2)).toBe(3);
    expect(typoDistance('pane', 'panettone', 2)).toBe(3);
  });

  it('adds each stem’s corrections beside it, keeping the operators', () => {
    const corrections = new Map([['mozarell', ['mozzarell']], ['pomodr', ['pomodor', "l'x"]]]);
    expect(withCorrections("'mozarell' & 'bufal'", corrections)).toBe("('mozarell' | 'mozzarell') & 'bufal'");
    expect(withCorrections("'pomodr' <-> 'pel' | !'mozarell'", corrections)).toBe("('pomodr' | 'pomodor' | 'l''x') <-> 'pel' | !('mozarell' | 'mozzarell')");
    expect(withCorrections("'caff'", corrections)).toBe("'caff'");
  });

  const words: CorrectedWords = {
    exact: "'pomodor' & 'mozarell'",
    tokens: ['pomodori', 'mozarella'],
    lexemes: ['pomodor', 'mozarell'],
    known: ['pomodori'],
    corrections: {
      pomodori: { lexeme: 'pomodor', near: [{ word: 'pomodoro', lexeme: 'pomodor', distance: 1 }] },
      mozarella: { lexeme: 'mozarell', near: [{ word: 'mozzarella', lexeme: 'mozzarell', distance: 1 }, { word: 'mozzarelle', lexeme: 'mozzarell', distance: 2 }] },
    },
    loose: {},
    completed: null,
  };

  it('looks for a stem or its corrections’ stems in the full text, once each', () => {
    expect(fullTextQuery(words)).toEqual({ exact: "'pomodor' & 'mozarell'", corrected: "'pomodor' & ('mozarell' | 'mozzarell')", full: "'pomodor' & ('mozarell' | 'mozzarell')" });
    expect(fullTextQuery({ ...words, corrections: { pomodori: words.corrections.pomodori! } }).corrected).toBe("'pomodor' & 'mozarell'");
  });

  it('looks for a word or its corrections in a text', () => {
    expect(textPatterns(words)).toEqual(['(?:pomodori|pomodoro)', '(?:mozarella|mozzarella|mozzarelle)']);
    expect(textPatterns({ ...words, tokens: ['ora'] })).toEqual(['ora']);
  });
});
