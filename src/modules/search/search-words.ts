import type { ReadDb } from '../../platform/db/read.js';
import type { ProjectionHost } from '../../platform/projections/host.js';
import { ReadCache } from '../../platform/http/read-cache.js';
import { nearestWordsOf, type Dictionary } from './queries.js';

/**
 * Typo tolerance as search engines teach people to expect it: a word of 5 to 8 letters may carry
 * one typo, a longer one two, a shorter one none ("pane" is not "pene").
 */
export function typoBudget(word: string): number {
  return word.length >= 9 ? 2 : word.length >= 5 ? 1 : 0;
}

/** One typo more than the budget: the looser corrections «Forse cercavi…» may offer when nothing is found. */
export function looseBudget(word: string): number {
  return typoBudget(word) + 1;
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

/** A stem as a term of a tsquery (text). */
export const quoteLexeme = (lexeme: string): string => `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/**
 * `exact` (a tsquery as text) with each stem that has corrections replaced by "it or any of them":
 * 'mozarell' & 'bufal' → ('mozarell' | 'mozzarell') & 'bufal'. Phrases, "or" and exclusions keep
 * their meaning, word by word.
 */
export function withCorrections(exact: string, corrections: ReadonlyMap<string, readonly string[]>): string {
  return exact.replace(/'((?:[^']|'')*)'/g, (term, quoted: string) => {
    const found = corrections.get(quoted.replace(/''/g, "'").replace(/\\\\/g, '\\'));
    return found?.length ? `(${[term, ...found.map(quoteLexeme)].join(' | ')})` : term;
  });
}

/**
 * A query without its elisions: «l'olio», «dell'acqua», «un’arancia», «quest'olio» read as «olio»,
 * «acqua», «arancia», «olio», whichever apostrophe is typed (' ’ ‘ ʼ ` ´). PostgreSQL's parser
 * splits at most of them and drops «l», «dell», «un» as stop words, but keeps «quest», «senz»,
 * «d», which no product name writes apart, and reads «lʼolio» (U+02BC, a letter to it) as one
 * word. A word ending in an apostrophe (an accent typed after it: «perche'», «po'») stays.
 */
export function withoutElisions(q: string): string {
  return q.replace(/(?<![\p{L}\p{N}])\p{L}{1,7}['’‘ʼ`´](?=\p{L})/gu, '');
}

/** A word as the search compares it: accent-folded and in lower case (SQL f_unaccent(lower(…))). */
export function folded(word: string): string {
  return word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** A word of the dictionary near a query's word. */
export interface Near {
  /** As people write it: a word of the catalogue, or the catalogue's stem with the query word's own ending («lampadine»). */
  word: string;
  lexeme: string;
  /** Typos from the query's word to `word`. */
  distance: number;
  /** Found through the stems (the query word's stem is one the catalogue does not hold): `word` may be written nowhere. */
  stem?: true;
}

/** A query's words as a dictionary corrects them. */
export interface CorrectedWords {
  /** The query as the full-text search reads it (websearch_to_tsquery, Italian), as text. */
  exact: string;
  /** The query's words, accent-folded and in lower case, in order. */
  tokens: string[];
  /** Each token's Italian stem (ts_lexize), null for a stop word. */
  lexemes: (string | null)[];
  /** The words (of 4 letters or more, not stop words) whose stem the dictionary (or the vocabulary) holds: as written, they mean something. */
  known: string[];
  /** Each word (of 5 letters or more) that has corrections within its typo budget, nearest first: its stem and theirs. The last word being typed: the words it begins. */
  corrections: Record<string, { lexeme: string; near: Near[] }>;
  /** Each word's corrections one typo beyond its budget, nearest first: what «Forse cercavi…» may offer when nothing is found. */
  loose: Record<string, { lexeme: string; near: Near[] }>;
  /** The last word, when the dictionary's words it begins stand for it (it is being typed). */
  completed: string | null;
}

/** The vocabulary's words, which correct a query's typos too ('formagio' → 'formaggio'). */
export interface VocabularyWords {
  words(): Promise<readonly { word: string; lexeme: string }[]>;
}

/** The letters a word the vocabulary knows keeps at its beginning when it is read as another form of itself. */
const knownPrefix = 3;

const add = (into: CorrectedWords['corrections'], word: string, lexeme: string, near: Near) => {
  const entry = (into[word] ??= { lexeme, near: [] });
  if (!entry.near.some((n) => n.word === near.word && n.lexeme === near.lexeme)) entry.near.push(near);
};

/**
 * The corrections of a query's words against the words of a read model (migration 026:
 * product_words, store_words) and, for the products, the vocabulary's: the nearest words by
 * trigrams, of a length the budget allows, kept only within the word's typo budget; for a word
 * whose stem the dictionary does not hold (a typo in a form the catalogue does not write:
 * "lampadne"), its stem against the catalogue's stems likewise (migration 063). Read in one
 * round trip, kept per query text until that read model changes.
 */
export class TypoCorrections {
  private readonly cache: ReadCache;

  constructor(
    private readonly db: ReadDb,
    projections: ProjectionHost,
    private readonly dictionary: { table: Dictionary; readModels: string[]; vocabulary?: VocabularyWords },
  ) {
    this.cache = new ReadCache(projections, dictionary.readModels);
  }

  /** `q`: the query without its elisions (withoutElisions). */
  async of(q: string): Promise<CorrectedWords> {
    return JSON.parse(await this.cache.json(q, () => this.read(q))) as CorrectedWords;
  }

  private async read(q: string): Promise<CorrectedWords> {
    const [rows, vocabulary] = await Promise.all([nearestWordsOf(this.db, this.dictionary.table, q), this.dictionary.vocabulary?.words() ?? []]);
    const corrections: CorrectedWords['corrections'] = {};
    const loose: CorrectedWords['loose'] = {};
    const words = new Map<string, { lexeme: string; known: boolean }>();
    for (const r of rows) if (r.kind === 'self' && r.word && r.lexeme) words.set(r.word, { lexeme: r.lexeme, known: r.known === true });
    const vocabularyLexemes = new Set(vocabulary.map((v) => v.lexeme));
    // The words the catalogue writes as typed, before the vocabulary's count as known too.
    const held = new Set([...words].filter(([, w]) => w.known).map(([word]) => word));
    for (const [, w] of words) if (vocabularyLexemes.has(w.lexeme)) w.known = true;
    const keep = (word: string, lexeme: string, near: Near, budget: number) => {
      if (near.distance <= budget) add(corrections, word, lexeme, near);
      else if (near.distance <= budget + 1) add(loose, word, lexeme, near);
    };

    // A stem's forms, to write its correction as people would: the query word's own ending on it, or the catalogue's nearest form.
    const stems = new Map<string, { word: string; lexeme: string; forms: Set<string> }>();
    let completed: string | null = null;
    for (const r of rows) {
      if (!r.word || !r.lexeme || !r.near || !r.near_lexeme) continue;
      if (r.kind === 'word') {
        // A word the vocabulary knows and no product writes ('sushi') means what it says: it is
        // read only as another form of itself ('pecorini' as «pecorino», whose stems the Italian
        // stemmer tells apart), never as another word one letter away ('sughi'), which would find
        // what nobody asked for. Another form keeps the word's beginning (as fuzzy search engines
        // keep a prefix exact).
        const self = words.get(r.word);
        if (self?.known && !held.has(r.word) && r.near.slice(0, knownPrefix) !== r.word.slice(0, knownPrefix)) continue;
        keep(r.word, r.lexeme, { word: r.near, lexeme: r.near_lexeme, distance: typoDistance(r.word, r.near, looseBudget(r.word)) }, typoBudget(r.word));
      } else if (r.kind === 'stem' && words.get(r.word)?.known === false) {
        const key = `${r.word}\u0000${r.near_lexeme}`;
        const stem = stems.get(key) ?? { word: r.word, lexeme: r.near_lexeme, forms: new Set<string>() };
        stem.forms.add(r.near);
        if (r.formed) stem.forms.add(r.formed);
        stems.set(key, stem);
      } else if (r.kind === 'complete') {
        completed = r.word;
        add(corrections, r.word, r.lexeme, { word: r.near, lexeme: r.near_lexeme, distance: 0 });
      }
    }
    for (const { word, lexeme: nearLexeme, forms } of stems.values()) {
      const { lexeme } = words.get(word)!;
      // A short stem is a short word's worth of letters: its budget is the smaller of the two.
      const budget = Math.min(typoBudget(word), typoBudget(lexeme));
      const distance = typoDistance(lexeme, nearLexeme, budget + 1);
      if (distance > budget + 1) continue;
      const [form] = [...forms].map((f) => ({ f, d: typoDistance(word, f, 9) })).sort((a, b) => a.d - b.d || a.f.length - b.f.length);
      const near: Near = { word: form!.f, lexeme: nearLexeme, distance: form!.d, stem: true };
      if (distance <= budget) add(corrections, word, lexeme, near);
      else add(loose, word, lexeme, near);
    }
    // The vocabulary's words correct only a word that means nothing as written ('formagio'): a
    // word that does has the catalogue's corrections, and those of thousands of words would be noise.
    for (const [word, { lexeme, known }] of words) {
      if (known) continue;
      for (const v of vocabulary) {
        if (v.word === word || Math.abs(v.word.length - word.length) > looseBudget(word)) continue;
        keep(word, lexeme, { word: v.word, lexeme: v.lexeme, distance: typoDistance(word, v.word, looseBudget(word)) }, typoBudget(word));
      }
    }
    // The last word being typed ('panet') is the beginning of the words it completes («panettone»),
    // not a typo of another one ('pane'): where it completes some, it stands for them alone.
    const typed = completed ? corrections[completed] : undefined;
    if (completed && typed?.near.some((n) => n.word.startsWith(completed))) typed.near = typed.near.filter((n) => n.word.startsWith(completed));
    const nearest = (a: Near, b: Near) => a.distance - b.distance;
    for (const entry of [...Object.values(corrections), ...Object.values(loose)]) entry.near.sort(nearest);
    // A looser correction already searched is no suggestion.
    for (const [word, entry] of Object.entries(loose)) {
      entry.near = entry.near.filter((n) => !corrections[word]?.near.some((c) => c.lexeme === n.lexeme));
      if (!entry.near.length) delete loose[word];
    }
    const first = rows[0];
    return {
      exact: first?.exact ?? '',
      tokens: first?.tokens ?? [],
      lexemes: first?.lexemes ?? [],
      known: [...words].filter(([, w]) => w.known).map(([word]) => word),
      corrections,
      loose,
      completed,
    };
  }
}

/** A query as the full-text search runs it (tsqueries as text). */
export interface FullTextQuery {
  /** As written: forms and stems of its words. */
  exact: string;
  /** With its words' typo corrections; equal to `exact` when no word has a correction of another stem. */
  corrected: string;
  /** With the vocabulary's expansions too (a plain query that has some), null otherwise: see expandedText. */
  expanded: ExpandedQuery | null;
  /**
   * The vocabulary knows what some of its words mean (it expands them), whether or not the
   * catalogue holds any of the alternatives: what has those words only in its description then
   * ranks with the vocabulary's finds (queries.ts tierOf), the same at every search of the words.
   */
  meant?: true;
}

/**
 * A query the vocabulary expands: the conjunction of its groups (a word with its corrections, or a
 * span the vocabulary expands), each span's group also matching its alternatives. An alternative
 * counts only where the catalogue holds every one of its stems (the search checks it in the same
 * statement, queries.ts expandedQuery): the vocabulary's 60 kinds of pasta would otherwise cost
 * the index 60 lookups in each cell around the point, most for words no shop writes.
 */
export interface ExpandedQuery {
  groups: string[];
  alternatives: { group: number; query: string; lexemes: string[]; word: string }[];
  /** The alternatives the catalogue holds (their places, from 1), when a search of these words learnt them (AnalysedWords). */
  kept?: number[];
}

/** A query's words as the search reads them (AnalysedWords). */
export interface Analysis {
  words: CorrectedWords;
  /** Without the alternatives kept, which a search learns (queries.ts searchProducts answers them). */
  query: FullTextQuery;
}

/**
 * What a query's words mean to the search, per query text: the words corrected (TypoCorrections),
 * the full-text query with the vocabulary's expansions and, once a search learnt them, the
 * alternatives the catalogue holds, so that the next search of the same words runs its query as
 * text without asking again. They depend on the words alone, not on where or how a search looks:
 * worked out once, kept in memory (the least recently used forgotten beyond `maxEntries`) until the
 * catalogue or the vocabulary changes. Shared by the searches: an entry changes once only, when a
 * search learns its alternatives.
 */
export class AnalysedWords {
  private readonly entries = new Map<string, Analysis & { kept?: number[]; known?: FullTextQuery }>();
  private generation = 0;

  constructor(
    projections: ProjectionHost,
    readModels: string[],
    private readonly maxEntries = 2_000,
  ) {
    const watched = new Set(readModels);
    projections.onReadModelChanged((name) => {
      if (!watched.has(name)) return;
      this.generation++;
      this.entries.clear();
    });
  }

  /** The analysis kept for `key`, or `analyse`'s; its query with the alternatives kept, when known (none kept: no expansion), and how to learn them. */
  async of(key: string, analyse: () => Promise<Analysis>): Promise<{ words: CorrectedWords; query: FullTextQuery; learn: (kept: number[]) => void }> {
    const generation = this.generation;
    let entry = this.entries.get(key);
    if (entry) {
      // Re-inserting keeps the Map in least-recently-used order.
      this.entries.delete(key);
      this.entries.set(key, entry);
    } else {
      entry = await analyse();
      // Worked out while the catalogue changed: it may be from before.
      if (generation === this.generation) {
        this.entries.set(key, entry);
        if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
      }
    }
    const { words, query, kept } = entry;
    if (!query.expanded || kept) {
      // The query with its alternatives kept, made once: the same object every search (what is worked out of it is kept by it: queries.ts).
      if (kept && query.expanded) entry.known ??= { ...query, expanded: kept.length ? { ...query.expanded, kept } : null };
      return { words, query: entry.known ?? query, learn: () => {} };
    }
    const learning = entry;
    return {
      words,
      query,
      learn: (found) => {
        // Learnt while the catalogue changed (it may be from before), or of an analysis since forgotten.
        if (generation === this.generation && this.entries.get(key) === learning) learning.kept = found;
      },
    };
  }
}

/** What a span of the query's tokens also finds (the vocabulary's Expansion, vocabulary/lookup.ts). */
export interface SpanExpansion {
  start: number;
  length: number;
  alternatives: readonly { lexemes: readonly string[]; weight?: 'B' }[];
  /** The alternatives as people write them («Anche: spaghetti, penne…»), one each. */
  words?: readonly string[];
}

/** Each stem's corrections' stems, once each. */
function correctionsByLexeme({ corrections }: CorrectedWords): Map<string, string[]> {
  const byLexeme = new Map<string, string[]>();
  for (const { lexeme, near } of Object.values(corrections)) {
    const list = byLexeme.get(lexeme) ?? [];
    for (const n of near) if (n.lexeme !== lexeme && !list.includes(n.lexeme)) list.push(n.lexeme);
    byLexeme.set(lexeme, list);
  }
  return byLexeme;
}

/**
 * An alternative of the vocabulary as a tsquery: its stems together, in the product's name or
 * category (weights A and B; a category's with its own weight). What a product is, is in its name:
 * a word met only in a description is too often another meaning of it (the «farfalle» of pasta, a
 * tap's «leva a farfalla»), and the vocabulary's finds would bring it to a search of «pasta».
 */
const alternativeQuery = ({ lexemes, weight }: SpanExpansion['alternatives'][number]): string => {
  const terms = lexemes.map((l) => `${quoteLexeme(l)}:${weight ?? 'AB'}`);
  return terms.length > 1 ? `(${terms.join(' & ')})` : terms[0]!;
};

/**
 * A span's alternatives without those another already finds: an alternative whose stems hold all
 * of one of the span's own ways of matching (pane → «pane integrale») or all of a shorter
 * alternative's (of its weight, or of none) finds nothing more, and would only lengthen the query.
 */
export function withoutSubsumed<A extends SpanExpansion['alternatives'][number]>(own: readonly (readonly string[])[], alternatives: readonly A[]): A[] {
  const holds = (a: A, stems: readonly string[]) => stems.length > 0 && stems.every((l) => a.lexemes.includes(l));
  const kept: A[] = [];
  // Shorter first, and of no weight before the same of a weight (which it finds too).
  for (const a of [...alternatives].sort((x, y) => x.lexemes.length - y.lexemes.length || Number(Boolean(x.weight)) - Number(Boolean(y.weight)))) {
    if (!a.lexemes.length || own.some((o) => holds(a, o)) || kept.some((k) => (!k.weight || k.weight === a.weight) && holds(a, k.lexemes))) continue;
    kept.push(a);
  }
  return alternatives.filter((a) => kept.includes(a));
}

/** One part of a plain query: the tokens it stands for, its query with their corrections, its span's alternatives. */
interface Group {
  tokens: number[];
  corrected: string;
  alternatives: { query: string; lexemes: string[]; word: string }[];
}

/**
 * A plain query (words only: no "quotes", `or`, nor `-exclusions`, which websearch_to_tsquery
 * reads as such) as a conjunction of groups, one a word or a span the vocabulary expands; null
 * for any other query.
 */
function plainGroups(words: CorrectedWords, expansions: readonly SpanExpansion[]): Group[] | null {
  const { exact, lexemes } = words;
  if (
    !exact ||
    exact !==
      lexemes
        .filter((l): l is string => l !== null)
        .map(quoteLexeme)
        .join(' & ')
  )
    return null;
  const byLexeme = correctionsByLexeme(words);
  const term = (lexeme: string) => {
    const near = byLexeme.get(lexeme) ?? [];
    return near.length ? `(${[lexeme, ...near].map(quoteLexeme).join(' | ')})` : quoteLexeme(lexeme);
  };
  const groups: Group[] = [];
  for (let i = 0; i < lexemes.length; ) {
    const span = expansions.find((e) => e.start === i && e.length > 0);
    const tokens = Array.from({ length: span?.length ?? 1 }, (_, k) => i + k).filter((k) => lexemes[k]);
    if (tokens.length) {
      const inner = tokens.map((k) => term(lexemes[k]!));
      // The span's own ways of matching: its stems, or (one word) any of its corrections.
      const own = tokens.length === 1 ? [lexemes[tokens[0]!]!, ...(byLexeme.get(lexemes[tokens[0]!]!) ?? [])].map((l) => [l]) : [tokens.map((k) => lexemes[k]!)];
      const alternatives = span
        ? withoutSubsumed(own, span.alternatives).map((a) => ({ query: alternativeQuery(a), lexemes: [...a.lexemes], word: span.words?.[span.alternatives.indexOf(a)] ?? '' }))
        : [];
      groups.push({ tokens, corrected: inner.length > 1 ? `(${inner.join(' & ')})` : inner[0]!, alternatives });
    }
    i += span?.length ?? 1;
  }
  return groups;
}

/**
 * The full-text query of corrected words: each stem or those of its corrections; with the
 * vocabulary's expansions (of a plain query), each span it expands or any of its alternatives.
 */
export function fullTextQuery(words: CorrectedWords, expansions: readonly SpanExpansion[] = []): FullTextQuery {
  const { exact } = words;
  const corrected = withCorrections(exact, correctionsByLexeme(words));
  const groups = expansions.length ? plainGroups(words, expansions) : null;
  if (!groups?.some((g) => g.alternatives.length)) return { exact, corrected, expanded: null };
  return {
    exact,
    corrected,
    meant: true,
    expanded: {
      groups: groups.map((g) => g.corrected),
      alternatives: groups.flatMap((g, n) => g.alternatives.map((a) => ({ group: n, ...a }))),
    },
  };
}

/**
 * The query the search runs, as text: `corrected`, or the conjunction of the expanded groups, each
 * with those of its alternatives known to be kept, or whose stems are all `held` (queries.ts
 * queryOf writes the same in SQL, holding the stems the catalogue holds).
 */
export function expandedText({ corrected, expanded }: FullTextQuery, held: (lexeme: string) => boolean = () => true): string {
  if (!expanded) return corrected;
  const { kept } = expanded;
  return expanded.groups
    .map((group, n) => {
      const alternatives = expanded.alternatives.filter((a, k) => a.group === n && (kept ? kept.includes(k + 1) : a.lexemes.every(held))).map((a) => a.query);
      return alternatives.length ? `(${[group, ...alternatives].join(' | ')})` : group;
    })
    .join(' & ');
}

/** Each token's best correction, when it is a word the dictionary does not hold and is not the one being typed. */
function replacements(words: CorrectedWords): Map<string, Near> {
  const found = new Map<string, Near>();
  for (const [token, { near }] of Object.entries(words.corrections)) {
    if (token === words.completed || words.known.includes(token) || !near[0]) continue;
    found.set(token, near[0]);
  }
  return found;
}

/** `q`'s words (as written) with those found in `by` (accent-folded) replaced. */
const rewritten = (q: string, by: ReadonlyMap<string, string>): string => q.replace(/[\p{L}\p{N}]+/gu, (w) => by.get(folded(w)) ?? w);

/**
 * The query as the results read it: each word the dictionary does not hold replaced by its nearest
 * correction («lampadine» for "lampadne"); null when no word was.
 */
export function correctedText(q: string, words: CorrectedWords): string | null {
  const by = new Map([...replacements(words)].map(([token, near]) => [token, near.word]));
  if (!by.size) return null;
  const text = rewritten(q, by);
  return folded(text) === folded(q) ? null : text;
}

/** The tokens the vocabulary expands: a word the dictionary does not hold read as its correction ('formagio' as 'formaggio'). */
export function vocabularyTokens(words: CorrectedWords): { token: string; lexeme: string | null }[] {
  const by = replacements(words);
  return words.tokens.map((token, i) => {
    const near = by.get(token);
    return near ? { token: near.word, lexeme: near.lexeme } : { token, lexeme: words.lexemes[i] ?? null };
  });
}

/** A query that might find something when `q` found nothing: as shown, and as the full-text search runs it. */
export interface Suggestion {
  text: string;
  query: string;
}

/**
 * Queries that might find something when `q` found nothing, most likely first: a word the
 * dictionary does not hold corrected one typo beyond its budget ("pnna" → «panna»), then the query
 * without one of its words (the last first). Only for a plain query (plainGroups); each as its
 * words and their corrections, without the vocabulary (what it promises, it finds). The caller
 * keeps those that find something.
 */
export function suggestionsOf(q: string, words: CorrectedWords): Suggestion[] {
  const groups = plainGroups(words, []);
  if (!groups?.length) return [];
  const found: Suggestion[] = [];
  const offer = (text: string, parts: string[]) => {
    const query = parts.filter(Boolean).join(' & ');
    if (query && text.trim() && folded(text) !== folded(q) && !found.some((s) => folded(s.text) === folded(text))) found.push({ text: text.trim(), query });
  };
  groups.forEach((group, g) => {
    const token = words.tokens[group.tokens[0]!]!;
    // A word the dictionary holds was meant as written: dropping another word is likelier.
    if (words.known.includes(token)) return;
    const lexeme = words.lexemes[group.tokens[0]!];
    for (const near of words.loose[token]?.near.filter((n) => n.lexeme !== lexeme).slice(0, 2) ?? []) {
      offer(
        rewritten(q, new Map([[token, near.word]])),
        groups.map((other, o) => (o === g ? quoteLexeme(near.lexeme) : other.corrected)),
      );
    }
  });
  if (groups.length > 1) {
    const pieces = q.trim().split(/\s+/);
    for (let g = groups.length - 1; g >= 0; g--) {
      const dropped = new Set(groups[g]!.tokens.map((k) => words.tokens[k]!));
      const kept = pieces.filter((piece) => !(piece.match(/[\p{L}\p{N}]+/gu) ?? []).some((w) => dropped.has(folded(w))));
      offer(
        kept.join(' '),
        groups.filter((_, o) => o !== g).map((other) => other.corrected),
      );
    }
  }
  return found;
}

/**
 * Text patterns (PostgreSQL regular expressions) a text must all contain to match corrected
 * words: each word of the query as a part of a word, or one of its corrections; a word whose stem
 * the dictionary holds, or a correction through the stems, also as a word beginning with that stem
 * («botteghe» finds «Bottega»).
 */
export function textPatterns({ tokens, lexemes, known, corrections }: CorrectedWords): string[] {
  const escape = (text: string) => text.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&');
  return tokens.map((token, i) => {
    const lexeme = lexemes[i];
    const alternatives = [
      ...(lexeme && lexeme !== token && known.includes(token) ? [`\\m${escape(lexeme)}`] : []),
      ...(corrections[token]?.near.map((n) => (n.stem ? `\\m${escape(n.lexeme)}` : escape(n.word))) ?? []),
    ];
    const all = [...new Set([escape(token), ...alternatives])];
    return all.length > 1 ? `(?:${all.join('|')})` : all[0]!;
  });
}
