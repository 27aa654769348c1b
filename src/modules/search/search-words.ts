import type { ReadDb } from '../../platform/db/read.js';
import type { ProjectionHost } from '../../platform/projections/host.js';
import { ReadCache } from '../../platform/http/read-cache.js';
import { completionsOf, nearestWordsOf, type Dictionary } from './queries.js';

/**
 * Typo tolerance as search engines teach people to expect it: a word of 5 to 8 letters may carry
 * one typo, a longer one two, a shorter one none ("pane" is not "pene").
 */
export function typoBudget(word: string): number {
  return word.length >= 9 ? 2 : word.length >= 5 ? 1 : 0;
}

/**
 * The Damerau-Levenshtein distance (optimal string alignment: a letter inserted, deleted,
 * replaced, or two neighbours swapped, each one typo) between `a` and `b`, or `max + 1` as soon as
 * it is known to exceed `max`.
 */
export function typoDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let before = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2]! + 1);
      row.push(d);
      best = Math.min(best, d);
    }
    if (best > max) return max + 1;
    before = previous;
    previous = row;
  }
  return previous[b.length]!;
}

/**
 * `exact` (a tsquery as text) with each stem that has corrections replaced by "it or any of them":
 * 'mozarell' & 'bufal' → ('mozarell' | 'mozzarell') & 'bufal'. Phrases, "or" and exclusions keep
 * their meaning, word by word.
 */
export function withCorrections(exact: string, corrections: ReadonlyMap<string, readonly string[]>): string {
  const quote = (lexeme: string) => `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
  return exact.replace(/'((?:[^']|'')*)'/g, (term, quoted: string) => {
    const found = corrections.get(quoted.replace(/''/g, "'").replace(/\\\\/g, '\\'));
    return found?.length ? `(${[term, ...found.map(quote)].join(' | ')})` : term;
  });
}

/** The last word is completed from this many letters (into at most 20 words, queries.ts completionsOf). */
const minPrefix = 3;

/** A query's words as a dictionary corrects them. */
export interface CorrectedWords {
  /** The query as the full-text search reads it (websearch_to_tsquery, Italian), as text. */
  exact: string;
  /** The query's words, accent-folded and in lower case, in order. */
  tokens: string[];
  /** Each word (of 5 letters or more) that has corrections: its stem and theirs. */
  corrections: Record<string, { lexeme: string; near: { word: string; lexeme: string }[] }>;
}

/**
 * The corrections of a query's words against the words of a read model (migration 026:
 * product_words, store_words): the nearest words by trigrams, of a length the budget allows, kept
 * only within the word's typo budget. Kept per query text until that read model changes.
 */
export class TypoCorrections {
  private readonly cache: ReadCache;

  constructor(
    private readonly db: ReadDb,
    projections: ProjectionHost,
    private readonly dictionary: { table: Dictionary; readModel: string },
  ) {
    this.cache = new ReadCache(projections, [dictionary.readModel]);
  }

  async of(q: string): Promise<CorrectedWords> {
    return JSON.parse(await this.cache.json(q, () => this.read(q))) as CorrectedWords;
  }

  private async read(q: string): Promise<CorrectedWords> {
    const rows = await nearestWordsOf(this.db, this.dictionary.table, q);
    const corrections: CorrectedWords['corrections'] = {};
    for (const { word, lexeme, near, near_lexeme: nearLexeme } of rows) {
      if (!word || !lexeme || !near || !nearLexeme || typoDistance(word, near, typoBudget(word)) > typoBudget(word)) continue;
      (corrections[word] ??= { lexeme, near: [] }).near.push({ word: near, lexeme: nearLexeme });
    }
    const tokens = rows[0]?.tokens ?? [];
    const last = tokens.at(-1);
    if (last) await this.complete(last, corrections);
    return { exact: rows[0]?.exact ?? '', tokens, corrections };
  }

  /**
   * The last word of a query still being typed ("mozz") also stands for the dictionary's words it
   * begins, as search engines complete it; a word the dictionary holds as typed is left alone, so
   * that a finished word ("lampada") keeps its meaning and its exact matches.
   */
  private async complete(token: string, corrections: CorrectedWords['corrections']): Promise<void> {
    if (token.length < minPrefix) return;
    const rows = await completionsOf(this.db, this.dictionary.table, token);
    const lexeme = rows[0]?.lexeme;
    if (!lexeme || rows[0]!.known) return;
    for (const { word, word_lexeme: wordLexeme } of rows) {
      if (!word || !wordLexeme) continue;
      (corrections[token] ??= { lexeme, near: [] }).near.push({ word, lexeme: wordLexeme });
    }
  }
}

/** A query as the full-text search runs it: as written (`exact`) and with its words' corrections. */
export interface FullTextQuery {
  exact: string;
  /** Equal to `exact` when no word has a correction of another stem. */
  corrected: string;
}

/** The full-text query of corrected words: each stem or those of its corrections. */
export function fullTextQuery({ exact, corrections }: CorrectedWords): FullTextQuery {
  const byLexeme = new Map<string, string[]>();
  for (const { lexeme, near } of Object.values(corrections)) {
    const list = byLexeme.get(lexeme) ?? [];
    for (const n of near) if (n.lexeme !== lexeme && !list.includes(n.lexeme)) list.push(n.lexeme);
    byLexeme.set(lexeme, list);
  }
  return { exact, corrected: withCorrections(exact, byLexeme) };
}

/**
 * Text patterns (PostgreSQL regular expressions) a text must all contain to match corrected
 * words: each word of the query as a part of a word, or one of its corrections.
 */
export function textPatterns({ tokens, corrections }: CorrectedWords): string[] {
  return tokens.map((token) => {
    const near = corrections[token]?.near.map((n) => n.word) ?? [];
    return near.length ? `(?:${[token, ...near].join('|')})` : token;
  });
}
