import { describe, expect, it } from 'vitest';
import {
  correctedText,
  expandedText,
  folded,
  fullTextQuery,
  suggestionsOf,
  textPatterns,
  typoBudget,
  typoDistance,
  withCorrections,
  withoutElisions,
  withoutSubsumed,
  type CorrectedWords,
} from './search-words.js';

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
    const corrections = new Map([
      ['mozarell', ['mozzarell']],
      ['pomodr', ['pomodor', "l'x"]],
    ]);
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
      mozarella: {
        lexeme: 'mozarell',
        near: [
          { word: 'mozzarella', lexeme: 'mozzarell', distance: 1 },
          { word: 'mozzarelle', lexeme: 'mozzarell', distance: 2 },
        ],
      },
    },
    loose: {},
    completed: null,
  };

  it('looks for a stem or its corrections’ stems in the full text, once each', () => {
    expect(fullTextQuery(words)).toEqual({ exact: "'pomodor' & 'mozarell'", corrected: "'pomodor' & ('mozarell' | 'mozzarell')", expanded: null });
    expect(fullTextQuery({ ...words, corrections: { pomodori: words.corrections.pomodori! } }).corrected).toBe("'pomodor' & 'mozarell'");
  });

  it('looks for a word or its corrections in a text, a word the dictionary holds also by its stem', () => {
    expect(textPatterns(words)).toEqual(['(?:pomodori|\\mpomodor|pomodoro)', '(?:mozarella|mozzarella|mozzarelle)']);
    expect(textPatterns({ ...words, tokens: ['ora'] })).toEqual(['ora']);
  });
});

describe('Italian words as people type them', () => {
  it('leaves elisions out, whichever apostrophe, and keeps an accent typed after a word', () => {
    expect(withoutElisions("l'olio dell'acqua un’arancia quest‘anno lʼolio senz`acqua")).toBe('olio acqua arancia anno olio acqua');
    expect(withoutElisions("perche' po' caffe'")).toBe("perche' po' caffe'");
    expect(withoutElisions("olio d'oliva")).toBe('olio oliva');
  });

  it('folds accents and case as the database does', () => {
    expect(['Caffè', 'PERCHÉ', 'città'].map(folded)).toEqual(['caffe', 'perche', 'citta']);
  });
});

describe('what the search runs and says', () => {
  const lampadne: CorrectedWords = {
    exact: "'lampadn' & 'led'",
    tokens: ['lampadne', 'led'],
    lexemes: ['lampadn', 'led'],
    known: [],
    corrections: { lampadne: { lexeme: 'lampadn', near: [{ word: 'lampadine', lexeme: 'lampadin', distance: 1, stem: true }] } },
    loose: {},
    completed: null,
  };

  it('says the query with each word it corrected, as the person wrote the rest', () => {
    expect(correctedText('Lampadne LED', lampadne)).toBe('lampadine LED');
    // A word the dictionary holds is no correction, nor the last word being typed.
    expect(correctedText('Lampadne LED', { ...lampadne, known: ['lampadne'] })).toBeNull();
    expect(correctedText('Lampadne LED', { ...lampadne, completed: 'lampadne' })).toBeNull();
  });

  it('looks for a stem’s correction as the beginning of a word of a text', () => {
    expect(textPatterns(lampadne)).toEqual(['(?:lampadne|\\mlampadin)', 'led']);
  });

  const pasta: CorrectedWords = {
    exact: "'past' & 'fresc'",
    tokens: ['pasta', 'fresca'],
    lexemes: ['past', 'fresc'],
    known: ['pasta', 'fresca'],
    corrections: {},
    loose: {},
    completed: null,
  };
  const expansion = {
    start: 0,
    length: 1,
    alternatives: [{ lexemes: ['spaghett'] }, { lexemes: ['penn', 'rig'] }, { lexemes: ['alimentar'], weight: 'B' as const }],
    words: ['spaghetti', 'penne rigate', 'Alimentari'],
  };

  it('finds a span the vocabulary expands or any of its alternatives the catalogue holds, a category’s with its weight', () => {
    const query = fullTextQuery(pasta, [expansion]);
    expect(query).toEqual({
      exact: "'past' & 'fresc'",
      corrected: "'past' & 'fresc'",
      meant: true,
      expanded: {
        groups: ["'past'", "'fresc'"],
        alternatives: [
          { group: 0, query: "'spaghett':AB", lexemes: ['spaghett'], word: 'spaghetti' },
          { group: 0, query: "('penn':AB & 'rig':AB)", lexemes: ['penn', 'rig'], word: 'penne rigate' },
          { group: 0, query: "'alimentar':B", lexemes: ['alimentar'], word: 'Alimentari' },
        ],
      },
    });
    // Alternatives in a product's name or category (A, B): met only in a description, a word is too often another meaning.
    expect(expandedText(query)).toBe("('past' | 'spaghett':AB | ('penn':AB & 'rig':AB) | 'alimentar':B) & 'fresc'");
    expect(expandedText(query, (l) => l !== 'rig')).toBe("('past' | 'spaghett':AB | 'alimentar':B) & 'fresc'");
    // A span of two words: both, or an alternative.
    const vino: CorrectedWords = { ...pasta, exact: "'vin' & 'ross'", tokens: ['vino', 'rosso'], lexemes: ['vin', 'ross'] };
    expect(expandedText(fullTextQuery(vino, [{ start: 0, length: 2, alternatives: [{ lexemes: ['chiant'] }] }]))).toBe("(('vin' & 'ross') | 'chiant':AB)");
    // A query with operators is not expanded.
    const phrase: CorrectedWords = { ...pasta, exact: "'past' <-> 'fresc'" };
    expect(fullTextQuery(phrase, [expansion]).expanded).toBeNull();
  });

  it('leaves out the alternatives another already finds', () => {
    const alternatives = [
      { lexemes: ['pan', 'integral'] },
      { lexemes: ['rosett'] },
      { lexemes: ['rosett', 'soff'] },
      { lexemes: ['panin'], weight: 'B' as const },
      { lexemes: ['panin'] },
    ];
    expect(withoutSubsumed([['pan']], alternatives)).toEqual([{ lexemes: ['rosett'] }, { lexemes: ['panin'] }]);
    expect(withoutSubsumed([['pan']], [{ lexemes: ['panin'], weight: 'B' as const }, { lexemes: ['panin', 'ol'] }])).toEqual([
      { lexemes: ['panin'], weight: 'B' },
      { lexemes: ['panin', 'ol'] },
    ]);
    // A correction of the span's word is one of its ways of matching too.
    expect(withoutSubsumed([['lampadn'], ['lampadin']], [{ lexemes: ['lampadin', 'led'] }, { lexemes: ['farett'] }])).toEqual([{ lexemes: ['farett'] }]);
  });

  it('suggests a looser correction, then the query without a word, the last first', () => {
    const words: CorrectedWords = {
      ...pasta,
      exact: "'pnna' & 'fresc'",
      tokens: ['pnna', 'fresca'],
      lexemes: ['pnna', 'fresc'],
      known: ['fresca'],
      loose: { pnna: { lexeme: 'pnna', near: [{ word: 'panna', lexeme: 'pann', distance: 1 }] } },
    };
    expect(suggestionsOf('Pnna fresca', words)).toEqual([
      { text: 'panna fresca', query: "'pann' & 'fresc'" },
      { text: 'Pnna', query: "'pnna'" },
      { text: 'fresca', query: "'fresc'" },
    ]);
    expect(suggestionsOf('pnna', { ...words, exact: "'pnna'", tokens: ['pnna'], lexemes: ['pnna'] })).toEqual([{ text: 'panna', query: "'pann'" }]);
  });
});
