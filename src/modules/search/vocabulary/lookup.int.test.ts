import { describe, expect, it } from 'vitest';
import { createReadDb } from '../../../platform/db/read.js';
import type { ProjectionHost } from '../../../platform/projections/host.js';
import { createTestDatabase } from '../../../../tests/support/database.js';
import { madeBeforeAll } from '../../../../tests/support/made.js';
import { baseEntryId, SearchVocabulary, vocabularyReadModel, type Expansion } from './lookup.js';

/** The projection host as the vocabulary uses it: told which read model it keeps, it tells of changes. */
class Changes {
  private readonly listeners: ((name: string) => void)[] = [];
  keepsInMemory(): void {}
  onReadModelChanged(listener: (name: string) => void): void {
    this.listeners.push(listener);
  }
  changed(name: string): void {
    for (const l of this.listeners) l(name);
  }
}

const made = madeBeforeAll(
  async () => {
    const database = await createTestDatabase();
    const db = await createReadDb(database.url, 2);
    const changes = new Changes();
    return { database, db, changes, vocabulary: new SearchVocabulary(db, changes as unknown as ProjectionHost) };
  },
  async ({ database, db }) => {
    await db.end();
    await database.drop();
  },
);

/** A query's tokens as the search reads them: accent-folded, lower case, each with its stem (null: a stop word). */
async function tokens(q: string): Promise<{ token: string; lexeme: string | null }[]> {
  const { rows } = await made.database.pool.query<{ token: string; lexeme: string | null }>(
    `SELECT t AS token, (ts_lexize('italian_stem', t))[1] AS lexeme
     FROM unnest(array_remove(regexp_split_to_array(f_unaccent(lower($1)), '[^[:alnum:]]+'), '')) WITH ORDINALITY u(t, n) ORDER BY n`,
    [q],
  );
  return rows;
}

const expand = async (q: string): Promise<Expansion[]> => made.vocabulary.expand(await tokens(q));
const spans = async (q: string) => (await expand(q)).map(({ start, length, term }) => ({ start, length, term }));
const wordsOf = async (q: string) => (await expand(q)).flatMap((e) => e.words);

/** The stems the full-text index holds for a text, as the products' search_vector has them. */
async function indexed(text: string): Promise<string[]> {
  const { rows } = await made.database.pool.query<{ l: string }>(`SELECT unnest(tsvector_to_array(to_tsvector('italian_unaccent', $1))) AS l`, [text]);
  return rows.map((r) => r.l);
}

describe('the search vocabulary', () => {
  it('expands a hypernym to its kinds, and a kind not back to every other kind', async () => {
    const [pasta] = await expand('pasta');
    expect(pasta).toMatchObject({ start: 0, length: 1, term: 'pasta' });
    expect(pasta!.words).toEqual(expect.arrayContaining(['spaghetti', 'penne rigate', 'fusilli', 'rigatoni', 'orecchiette', 'paccheri']));
    expect(pasta!.alternatives).toContainEqual({ lexemes: ['spaghett'] });
    expect(await expand('spaghetti')).toEqual([]);
    expect(await wordsOf('pecorino')).not.toContain('parmigiano');
  });

  it('meets inflections on their stems: «formaggi» expands as «formaggio», «vini rossi» as «vino rosso»', async () => {
    const singular = await expand('formaggio');
    expect(singular[0]!.words).toEqual(expect.arrayContaining(['pecorino', 'parmigiano', 'mozzarella', 'gorgonzola', 'ricotta', 'taleggio']));
    expect(await expand('formaggi')).toEqual(singular);
    expect(await spans('vini rossi')).toEqual([{ start: 0, length: 2, term: 'vino rosso' }]);
  });

  it('matches a multi-word term on a span of tokens, longest first and never overlapping', async () => {
    // «vino rosso» rather than «vino» then nothing: the longer term takes both tokens.
    expect(await spans('vino rosso')).toEqual([{ start: 0, length: 2, term: 'vino rosso' }]);
    expect(await wordsOf('vino rosso')).toEqual(expect.arrayContaining(['chianti', 'barolo', "nero d'avola"]));
    expect(await wordsOf('vino rosso')).not.toContain('prosecco');
    // Two terms side by side, each its own span; stop words inside a term are skipped.
    expect(await spans('formaggio e vino rosso')).toEqual([
      { start: 0, length: 1, term: 'formaggio' },
      { start: 2, length: 2, term: 'vino rosso' },
    ]);
    expect(await spans('frutti di mare')).toEqual([{ start: 0, length: 3, term: 'frutti di mare' }]);
    expect(await spans('vino bianco frizzante')).toEqual([{ start: 0, length: 2, term: 'vino bianco' }]);
  });

  it('expands synonyms both ways', async () => {
    expect(await wordsOf('cellulare')).toEqual(expect.arrayContaining(['smartphone', 'telefonino']));
    expect(await wordsOf('smartphone')).toEqual(expect.arrayContaining(['cellulare', 'telefonino']));
    expect(await wordsOf('telefonini')).toEqual(expect.arrayContaining(['cellulare', 'smartphone']));
    // A synonym stands for its family's kinds too.
    expect(await wordsOf('telefonino')).toContain('iphone');
  });

  it('gives the words that mean a category its products, as a weight-B alternative named as the category', async () => {
    const [toys] = await expand('giocattoli');
    expect(toys!.alternatives).toContainEqual({ lexemes: ['giocattol'], weight: 'B' });
    expect(toys!.words).toContain('Giocattoli');
    const [fruit] = await expand('frutta');
    expect(fruit!.alternatives).toContainEqual({ lexemes: ['ortofrutt'], weight: 'B' });
    expect(fruit!.words).toContain('Frutta e verdura');
    // The slug's stem is what a product of that category holds with weight B.
    expect(await indexed('ortofrutta')).toEqual(['ortofrutt']);
  });

  it('writes every alternative with the stems the full-text index gives its words', async () => {
    for (const e of await expand('antidolorifico detersivi')) {
      for (const [i, alternative] of e.alternatives.entries()) {
        if (alternative.weight) continue;
        expect(await indexed(e.words[i]!), e.words[i]).toEqual(expect.arrayContaining(alternative.lexemes));
      }
    }
    expect(await wordsOf('antidolorifico')).toEqual(expect.arrayContaining(['paracetamolo', 'ibuprofene']));
  });

  it('finds nothing in words it does not hold, nor in stop words alone', async () => {
    expect(await expand('zxqv di la')).toEqual([]);
    expect(await expand('')).toEqual([]);
  });

  it('lists every word of its terms with its stem, for typo corrections', async () => {
    const words = new Map((await made.vocabulary.words()).map((w) => [w.word, w.lexeme]));
    expect(words.get('formaggio')).toBe('formagg');
    expect(words.get('spaghetti')).toBe('spaghett');
    expect(words.get('lampadine')).toBe('lampadin');
    expect(words.has('di')).toBe(false);
  });

  it('merges the admins’ entries, changes and removals, reloaded when their read model changes', async () => {
    const pool = made.database.pool;
    const row = (id: string, baseKey: string | null, term: string, narrower: string[], removed = false) =>
      pool.query(
        `INSERT INTO search_vocabulary (id, base_key, term, synonyms, narrower, categories, removed, created_at, updated_at)
         VALUES ($1, $2, $3, '{}', $4, '{}', $5, now(), now())`,
        [id, baseKey, term, narrower, removed],
      );
    await row('5b0c1a86-8f4b-4d55-9b3e-3f3b2d1e0a01', null, 'scorta per la gita', ['ombrellone', 'telo mare']);
    await row(baseEntryId('pasta'), 'pasta', 'pasta', ['spaghetti', 'bavette']);
    await row(baseEntryId('cellulare'), 'cellulare', 'cellulare', [], true);
    // Not yet: the vocabulary in memory stands until the read model changes.
    expect(await expand('scorta per la gita')).toEqual([]);
    made.changes.changed('products');
    expect(await expand('scorta per la gita')).toEqual([]);

    made.changes.changed(vocabularyReadModel);
    expect(await wordsOf('scorta per la gita')).toEqual(['ombrellone', 'telo mare']);
    expect(await wordsOf('pasta')).toEqual(['spaghetti', 'bavette']);
    // The base entry switched off; its words still expand where another entry holds them.
    expect(await wordsOf('cellulare')).toEqual([]);
    expect(await spans('scorta per la gita')).toEqual([{ start: 0, length: 4, term: 'scorta per la gita' }]);
  });
});
