import { z } from 'zod';
import { derivedId } from '../../../platform/commands/ids.js';
import { sql, type ReadDb } from '../../../platform/db/read.js';
import type { ProjectionHost } from '../../../platform/projections/host.js';
import { retailCategories } from '../../catalog/categories.js';
import { baseVocabulary, type BaseVocabularyEntry } from './vocabulary.it.js';

/** The read model (projection name) of the admins' entries: a search's cache is invalidated by it. */
export const vocabularyReadModel = 'search_vocabulary';

export interface Expansion {
  /** The query tokens it stands for: index of the first one and how many (a term may be several words: «vino rosso»). */
  start: number;
  length: number;
  /** The term as the vocabulary writes it: 'pasta', 'vino rosso'. */
  term: string;
  /** What the span also finds: each alternative a sequence of Italian stems (as `italian_unaccent`
   *  writes them: ts_lexize('italian_stem', f_unaccent(lower(word)))) to match as a phrase, stop words
   *  left out; `weight: 'B'` for a category slug (it matches only the product's category, which
   *  products' search_vector holds with weight B). */
  alternatives: { lexemes: string[]; weight?: 'B' }[];
  /** The alternatives as people write them, for «Anche: spaghetti, penne…» (a category by its Italian name). */
  words: string[];
}

/** What an entry says, whoever wrote it. */
export interface VocabularyFields {
  term: string;
  synonyms: string[];
  narrower: string[];
  categories: string[];
}

/** The id of a built-in entry: derived from its stable key, the same on every process and database. */
export const baseEntryId = (key: string): string => derivedId('search-vocabulary', key);

/** The base vocabulary by id, with each entry's key. */
export const baseEntries: ReadonlyMap<string, BaseVocabularyEntry> = new Map(baseVocabulary.map((e) => [baseEntryId(e.key), e]));

/** The fields of a built-in entry as the file writes them. */
export const baseFieldsOf = ({ term, synonyms, narrower, categories }: BaseVocabularyEntry): VocabularyFields => ({ term, synonyms, narrower, categories });

/** A phrase's stems with stop words left out, joined: the key words meet on. */
const keyOf = (lexemes: readonly string[]): string => lexemes.join(' ');

interface Alternative {
  lexemes: string[];
  weight?: 'B';
}

/** What a matched word (a term or synonym, by its stems) expands to: every entry that holds it, merged. */
interface Template {
  term: string;
  alternatives: Alternative[];
  words: string[];
}

/** A word of some entry that a query's tokens may spell: its stems, longest first per first stem. */
interface Candidate {
  lexemes: string[];
  key: string;
}

interface Loaded {
  /** Candidates by their first stem, longest first. */
  byFirst: Map<string, Candidate[]>;
  templates: Map<string, Template>;
  words: { word: string; lexeme: string }[];
}

const adminRow = z.object({
  id: z.string(),
  base_key: z.string().nullable(),
  term: z.string(),
  synonyms: z.array(z.string()),
  narrower: z.array(z.string()),
  categories: z.array(z.string()),
  removed: z.boolean(),
});
type AdminRow = z.infer<typeof adminRow>;

const loadRow = z.object({
  entries: z.array(adminRow),
  /** Each phrase: its words (accent-folded, lower case) and their stems ('' for a stop word). */
  stems: z.array(z.tuple([z.string(), z.array(z.string()), z.array(z.string())])),
  category_names: z.record(z.string(), z.string()),
});

/** Every phrase of the base vocabulary, given to PostgreSQL at each load to be stemmed. */
const basePhrases = [...new Set(baseVocabulary.flatMap((e) => [e.term, ...e.synonyms, ...e.narrower, ...e.categories]))];

/**
 * The entries in force: the file's, each replaced by the admins' change or left out when they
 * switched it off, then the admins' own.
 */
export function mergedEntries(admin: readonly Pick<AdminRow, 'id' | 'base_key' | 'term' | 'synonyms' | 'narrower' | 'categories' | 'removed'>[]): VocabularyFields[] {
  const rows = new Map(admin.map((r) => [r.id, r]));
  const merged: VocabularyFields[] = [];
  for (const [id, entry] of baseEntries) {
    const row = rows.get(id);
    if (row?.removed) continue;
    merged.push(row ?? baseFieldsOf(entry));
  }
  for (const row of admin) if (!row.base_key && !baseEntries.has(row.id) && !row.removed) merged.push(row);
  return merged;
}

/**
 * The search vocabulary (issue [17]): the project's base vocabulary (vocabulary.it.ts) merged with
 * the admins' additions, changes and removals (vocabulary-entry.ts, projection.ts). Loaded with one query
 * (the admins' rows, and the stems of every phrase as the full-text index computes them), then
 * held in memory until the read model changes: an expansion is a few map lookups.
 */
export class SearchVocabulary {
  private loaded: Promise<Loaded> | null = null;
  /** Counts the changes heard: a load that a change overtook is not kept. */
  private generation = 0;

  constructor(
    private readonly db: ReadDb,
    projections: ProjectionHost,
  ) {
    projections.keepsInMemory([vocabularyReadModel]);
    projections.onReadModelChanged((name) => {
      if (name !== vocabularyReadModel) return;
      this.generation++;
      this.loaded = null;
    });
  }

  /**
   * The expansions of a query's words, in order: each token accent-folded and lower case, with its stem
   * (null for a stop word, which terms skip). Longest terms first, spans never overlapping. In memory
   * once loaded; reloaded when the read model moves.
   */
  async expand(tokens: { token: string; lexeme: string | null }[]): Promise<Expansion[]> {
    return expansionsOf(await this.vocabulary(), tokens);
  }

  /** Every single word of the vocabulary's terms with its stem: a query's typos are corrected against them too ('formagio' → 'formaggio'). */
  async words(): Promise<{ word: string; lexeme: string }[]> {
    return (await this.vocabulary()).words;
  }

  private vocabulary(): Promise<Loaded> {
    if (this.loaded) return this.loaded;
    const generation = this.generation;
    const loading = this.load();
    this.loaded = loading;
    // A failed load is tried again by the next call; one a change overtook is not kept.
    loading.then(
      () => {
        if (generation !== this.generation && this.loaded === loading) this.loaded = null;
      },
      () => {
        if (this.loaded === loading) this.loaded = null;
      },
    );
    return loading;
  }

  private async load(): Promise<Loaded> {
    const row = await this.db.one(sql.type(loadRow)`WITH admin AS (
        SELECT id::text, base_key, term, synonyms, narrower, categories, removed FROM search_vocabulary
      ), phrases AS (
        SELECT DISTINCT p FROM (
          SELECT unnest(${sql.array(basePhrases, 'text')}) AS p
          UNION ALL SELECT unnest(ARRAY[term] || synonyms || narrower || categories) FROM admin
        ) x
      )
      SELECT (SELECT coalesce(json_agg(admin), '[]') FROM admin) AS entries,
        (SELECT coalesce(json_agg(json_build_array(p, s.words, s.lexemes)), '[]')
           FROM phrases, LATERAL (
             SELECT coalesce(array_agg(t.word ORDER BY t.n), '{}') AS words,
                    coalesce(array_agg(coalesce((ts_lexize('italian_stem', t.word))[1], '') ORDER BY t.n), '{}') AS lexemes
             FROM unnest(array_remove(regexp_split_to_array(f_unaccent(lower(p)), '[^[:alnum:]]+'), '')) WITH ORDINALITY t(word, n)
           ) s) AS stems,
        (SELECT coalesce(json_object_agg(slug, name), '{}') FROM categories) AS category_names`);
    const stems = new Map(row.stems.map(([phrase, words, lexemes]) => [phrase, { words, lexemes }]));
    const categoryNames = new Map(retailCategories.map((c) => [c.slug, c.name]));
    for (const [slug, name] of Object.entries(row.category_names)) categoryNames.set(slug, name);
    return build(mergedEntries(row.entries), stems, categoryNames);
  }
}

/** The vocabulary as the expansions read it, from its entries and their phrases' stems. */
export function build(
  entries: readonly VocabularyFields[],
  stems: ReadonlyMap<string, { words: string[]; lexemes: string[] }>,
  categoryNames: ReadonlyMap<string, string>,
): Loaded {
  const lexemesOf = (phrase: string): string[] => (stems.get(phrase)?.lexemes ?? []).filter(Boolean);
  const templates = new Map<string, Template & { seen: Set<string> }>();
  const words = new Map<string, string>();
  for (const entry of entries) {
    const own = [entry.term, ...entry.synonyms].map((p) => ({ phrase: p, lexemes: lexemesOf(p) })).filter((p) => p.lexemes.length);
    const narrower = entry.narrower.map((p) => ({ phrase: p, lexemes: lexemesOf(p) })).filter((p) => p.lexemes.length);
    const categories = entry.categories.map((slug) => ({ slug, lexemes: lexemesOf(slug) })).filter((c) => c.lexemes.length);
    for (const phrase of [...own, ...narrower]) {
      const written = stems.get(phrase.phrase)!;
      written.words.forEach((word, i) => {
        const lexeme = written.lexemes[i];
        // As the catalogue's dictionary keeps them (migration 026 search_words_of): words of letters, four or more.
        if (lexeme && /^\p{L}{4,}$/u.test(word) && !words.has(word)) words.set(word, lexeme);
      });
    }
    for (const word of own) {
      const key = keyOf(word.lexemes);
      let template = templates.get(key);
      if (!template) templates.set(key, (template = { term: word.phrase, alternatives: [], words: [], seen: new Set([key]) }));
      const add = (lexemes: string[], written: string, weight?: 'B') => {
        // Each alternative once; the word itself is none (its direct matches are the search's own).
        const seen = weight ? `${weight}:${keyOf(lexemes)}` : keyOf(lexemes);
        if (template.seen.has(seen)) return;
        template.seen.add(seen);
        template.alternatives.push(weight ? { lexemes, weight } : { lexemes });
        template.words.push(written);
      };
      for (const other of own) if (other !== word) add(other.lexemes, other.phrase);
      for (const n of narrower) add(n.lexemes, n.phrase);
      for (const c of categories) add(c.lexemes, categoryNames.get(c.slug) ?? c.slug, 'B');
    }
  }
  const byFirst = new Map<string, Candidate[]>();
  for (const [key, template] of templates) {
    if (!template.alternatives.length) {
      templates.delete(key);
      continue;
    }
    const lexemes = key.split(' ');
    const list = byFirst.get(lexemes[0]!) ?? [];
    list.push({ lexemes, key });
    byFirst.set(lexemes[0]!, list);
  }
  for (const list of byFirst.values()) list.sort((a, b) => b.lexemes.length - a.lexemes.length);
  return {
    byFirst,
    templates: new Map([...templates].map(([key, { term, alternatives, words: w }]) => [key, { term, alternatives, words: w }])),
    words: [...words].map(([word, lexeme]) => ({ word, lexeme })),
  };
}

/** The expansions of a query's tokens (SearchVocabulary.expand), from a loaded vocabulary. */
export function expansionsOf({ byFirst, templates }: Loaded, tokens: readonly { lexeme: string | null }[]): Expansion[] {
  const found: { start: number; length: number; key: string }[] = [];
  for (let start = 0; start < tokens.length; start++) {
    const first = tokens[start]!.lexeme;
    const candidates = first ? byFirst.get(first) : undefined;
    if (!candidates) continue;
    for (const candidate of candidates) {
      // Each stem of the candidate in turn, stop words between them skipped.
      let at = start;
      let matched = 0;
      while (matched < candidate.lexemes.length && at < tokens.length) {
        const lexeme = tokens[at]!.lexeme;
        if (lexeme === null && matched > 0) {
          at++;
          continue;
        }
        if (lexeme !== candidate.lexemes[matched]) break;
        matched++;
        at++;
      }
      if (matched === candidate.lexemes.length) found.push({ start, length: at - start, key: candidate.key });
    }
  }
  // Longest first (then leftmost); a span overlapping one already taken is dropped.
  found.sort((a, b) => b.length - a.length || a.start - b.start);
  const taken: typeof found = [];
  for (const span of found) {
    if (taken.some((t) => span.start < t.start + t.length && t.start < span.start + span.length)) continue;
    taken.push(span);
  }
  taken.sort((a, b) => a.start - b.start);
  return taken.map(({ start, length, key }) => {
    const template = templates.get(key)!;
    return { start, length, term: template.term, alternatives: template.alternatives.map((a) => ({ ...a, lexemes: [...a.lexemes] })), words: [...template.words] };
  });
}
