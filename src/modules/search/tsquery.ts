/*
 * PostgreSQL's full-text matching and ranking, in memory (the search's near-index.ts): a tsvector
 * as `search_vector::text` writes it, a tsquery as our own code writes it (search-words.ts,
 * websearch_to_tsquery's text), `@@` as PostgreSQL evaluates it (src/backend/utils/adt/
 * tsvector_op.c: TS_execute_recurse, TS_phrase_execute, TS_phrase_output, checkcondition_str) and
 * `ts_rank(vector, query)` (src/backend/utils/adt/tsrank.c: calc_rank, calc_rank_and,
 * calc_rank_or, word_distance; default weights, normalization 0), its float4 arithmetic mimicked
 * with Math.fround so that ranks, ties and orders agree with PostgreSQL's.
 */

/** A position as a tsvector stores it (WordEntryPos): its weight (3 = A … 0 = D) in the top 2 bits, the position (1–16383) below. */
const weightOf = (wep: number): number => wep >>> 14;
const positionOf = (wep: number): number => wep & 0x3fff;

/** The weight letters of a tsvector's position (D is written as nothing) and of a tsquery term. */
const weightCodes: Record<string, number> = { A: 3, B: 2, C: 1, D: 0 };

/**
 * Lexemes in the order PostgreSQL sorts them in a tsvector (tsCompareString: their UTF-8 bytes,
 * the shorter first when one begins the other), which is the order of their code points.
 */
export function compareLexemes(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x === y) continue;
    // UTF-16 puts the surrogates (U+10000 and beyond) before U+E000–U+FFFF; code points after.
    if (x >= 0xd800) x = x >= 0xe000 ? x - 0x800 : x + 0x2000;
    if (y >= 0xd800) y = y >= 0xe000 ? y - 0x800 : y + 0x2000;
    return x - y;
  }
  return a.length - b.length;
}

/** A quoted lexeme of a tsvector's or tsquery's text, from just after its opening quote ('' a quote, \\ escaping the next character): the lexeme and where its closing quote ends; null if it never closes. */
function readQuoted(text: string, from: number): { lexeme: string; next: number } | null {
  let lexeme = '';
  let i = from;
  for (;;) {
    const c = text[i];
    if (c === undefined) return null;
    if (c === "'") {
      if (text[i + 1] !== "'") return { lexeme, next: i + 1 };
      lexeme += "'";
      i += 2;
    } else if (c === '\\') {
      lexeme += text[i + 1] ?? '';
      i += 2;
    } else {
      lexeme += c;
      i++;
    }
  }
}

/** A tsvector read from its text ('lex':1A,3 'other':2B): each lexeme with its positions (WordEntryPos), in the tsvector's order. */
export function parseTsvector(text: string): { lexeme: string; positions: number[] }[] {
  const entries: { lexeme: string; positions: number[] }[] = [];
  let i = 0;
  const n = text.length;
  while (i < n) {
    while (i < n && text[i] === ' ') i++;
    if (i >= n) break;
    if (text[i] !== "'") throw new Error(`tsvector non leggibile: ${text}`);
    const quoted = readQuoted(text, i + 1);
    if (!quoted) throw new Error(`tsvector non leggibile: ${text}`);
    const { lexeme } = quoted;
    i = quoted.next;
    const positions: number[] = [];
    if (text[i] === ':') {
      i++;
      for (;;) {
        let p = 0;
        while (i < n && text.charCodeAt(i) >= 48 && text.charCodeAt(i) <= 57) p = p * 10 + text.charCodeAt(i++) - 48;
        const letter = text[i];
        const w = letter === undefined ? undefined : weightCodes[letter];
        if (w !== undefined) i++;
        positions.push(((w ?? 0) << 14) | p);
        if (text[i] !== ',') break;
        i++;
      }
    }
    entries.push({ lexeme, positions });
  }
  return entries;
}

/** A tsquery as parsed: its operands and operators, as PostgreSQL's tsquery input builds them. */
export type QueryNode =
  | { kind: 'term'; lexeme: string; prefix: boolean /** Bit 1 << weight per weight asked (0: any). */; weights: number }
  | { kind: 'not'; arg: QueryNode }
  | { kind: 'and' | 'or'; left: QueryNode; right: QueryNode }
  | { kind: 'phrase'; distance: number; left: QueryNode; right: QueryNode };

/**
 * A tsquery's text as PostgreSQL reads it: quoted operands with their prefix mark and weights
 * ('lex', 'lex':*, 'lex':AB, 'lex':*AB), `!`, `<->` and `<N>`, `&`, `|` (binding in that order,
 * tighter first, as tsquery.c's priorities), parentheses. Unquoted operands are not written by our code and are refused.
 */
export function parseTsquery(text: string): QueryNode | null {
  let i = 0;
  const n = text.length;
  const space = () => {
    while (i < n && /\s/.test(text[i]!)) i++;
  };
  const fail = (): never => {
    throw new Error(`tsquery non leggibile: ${text}`);
  };
  const operand = (): QueryNode => {
    space();
    const c = text[i];
    if (c === '!') {
      i++;
      return { kind: 'not', arg: operand() };
    }
    if (c === '(') {
      i++;
      const inner = or();
      space();
      if (text[i] !== ')') fail();
      i++;
      return inner;
    }
    if (c !== "'") return fail();
    const quoted = readQuoted(text, i + 1);
    if (!quoted) return fail();
    const { lexeme } = quoted;
    i = quoted.next;
    let prefix = false;
    let weights = 0;
    if (text[i] === ':') {
      i++;
      for (;;) {
        const ch = text[i]?.toUpperCase();
        if (ch === '*') prefix = true;
        else if (ch !== undefined && ch in weightCodes) weights |= 1 << weightCodes[ch]!;
        else break;
        i++;
      }
    }
    return { kind: 'term', lexeme, prefix, weights };
  };
  const phrase = (): QueryNode => {
    let left = operand();
    for (;;) {
      space();
      const m = /^<(-|\d+)>/.exec(text.slice(i, i + 8));
      if (!m) return left;
      i += m[0].length;
      left = { kind: 'phrase', distance: m[1] === '-' ? 1 : Number(m[1]), left, right: operand() };
    }
  };
  const and = (): QueryNode => {
    let left = phrase();
    for (;;) {
      space();
      if (text[i] !== '&') return left;
      i++;
      left = { kind: 'and', left, right: phrase() };
    }
  };
  const or = (): QueryNode => {
    let left = and();
    for (;;) {
      space();
      if (text[i] !== '|') return left;
      i++;
      left = { kind: 'or', left, right: and() };
    }
  };
  space();
  if (i >= n) return null;
  const root = or();
  space();
  if (i < n) fail();
  return root;
}

/**
 * A document as the evaluator reads it (a tsvector with its lexemes as the index's ids), in one
 * array: [n, its n lexeme ids ascending, n + 1 offsets (in this array) of each one's positions,
 * the positions (WordEntryPos), each entry's term of ts_rank (calc_rank_or, float4 bits)].
 */
export type Doc = Int32Array;

/** A document of lexeme ids and their positions. */
export function docOf(entries: readonly { id: number; positions: readonly number[] }[]): Doc {
  const sorted = [...entries].sort((a, b) => a.id - b.id);
  const n = sorted.length;
  const doc = new Int32Array(2 + 3 * n + sorted.reduce((sum, e) => sum + e.positions.length, 0));
  doc[0] = n;
  let at = 2 + 2 * n;
  sorted.forEach((e, k) => {
    doc[1 + k] = e.id;
    doc[1 + n + k] = at;
    for (const p of e.positions) doc[at++] = p;
  });
  doc[1 + 2 * n] = at;
  // Each entry's term of calc_rank_or (a float4's bits), which depends on its positions alone: worked out once.
  for (let k = 0; k < n; k++) {
    float4[0] = entryRankOf(doc, k);
    doc[at + k] = float4Bits[0]!;
  }
  return doc;
}

/** A float4 and its bits. */
const float4 = new Float32Array(1);
const float4Bits = new Int32Array(float4.buffer);

/** The entry of lexeme `id` in `doc` (its place among the n), or -1. */
export function entryOf(doc: Doc, id: number): number {
  let lo = 1;
  let hi = doc[0]!;
  hi += 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const v = doc[mid]!;
    if (v === id) return mid - 1;
    if (v < id) lo = mid + 1;
    else hi = mid;
  }
  return -1;
}

/** The weights of the document's entry `k` (bit 1 << weight per weight of its positions, as a term asks them). */
export function entryWeights(doc: Doc, k: number): number {
  const n = doc[0]!;
  let weights = 0;
  for (let j = doc[1 + n + k]!, end = doc[2 + n + k]!; j < end; j++) weights |= 1 << weightOf(doc[j]!);
  return weights;
}

/** The lexeme ids of a document, ascending. */
export function idsOfDoc(doc: Doc): Int32Array {
  return doc.subarray(1, 1 + doc[0]!);
}

/** A term resolved against the index's lexemes: the ids it matches, in lexeme order. */
export type Resolved = Extract<QueryNode, { kind: 'term' }> & { ids: number[] };
export type CompiledNode =
  | Resolved
  | { kind: 'not'; arg: CompiledNode }
  | { kind: 'and' | 'or'; left: CompiledNode; right: CompiledNode }
  | { kind: 'phrase'; distance: number; left: CompiledNode; right: CompiledNode };

export function resolve(node: QueryNode, idsOf: (term: Extract<QueryNode, { kind: 'term' }>) => number[]): CompiledNode {
  switch (node.kind) {
    case 'term':
      return { ...node, ids: idsOf(node) };
    case 'not':
      return { kind: 'not', arg: resolve(node.arg, idsOf) };
    default:
      return { ...node, left: resolve(node.left, idsOf), right: resolve(node.right, idsOf) };
  }
}

/** The terms of a query, in its order. */
export function termsOf(node: CompiledNode, into: Resolved[] = []): Resolved[] {
  if (node.kind === 'term') into.push(node);
  else if (node.kind === 'not') termsOf(node.arg, into);
  else {
    termsOf(node.left, into);
    termsOf(node.right, into);
  }
  return into;
}

/** `weights` left out: as the words near a point are matched (queries.ts nearQueries), every weight counts. */
function hasTerm(doc: Doc, term: Resolved, weights: number): boolean {
  const n = doc[0]!;
  for (const id of term.ids) {
    const k = entryOf(doc, id);
    if (k < 0) continue;
    if (!weights) return true;
    for (let j = doc[1 + n + k]!, end = doc[2 + n + k]!; j < end; j++) if (weights & (1 << weightOf(doc[j]!))) return true;
  }
  return false;
}

interface PhraseData {
  pos: number[];
  negate: boolean;
  width: number;
}
const noData = (): PhraseData => ({ pos: [], negate: false, width: 0 });

const L_ONLY = 1;
const R_ONLY = 2;
const BOTH = 4;

/** TS_phrase_output: the merge of two sorted position lists, offsets added, as `emit` says. `data` null: whether any would be. */
function phraseOutput(data: PhraseData | null, l: PhraseData, r: PhraseData, emit: number, lOffset: number, rOffset: number): boolean {
  let li = 0;
  let ri = 0;
  while (li < l.pos.length || ri < r.pos.length) {
    let lPos: number;
    let rPos: number;
    let out = 0;
    if (li < l.pos.length) lPos = l.pos[li]! + lOffset;
    else {
      if (!(emit & R_ONLY)) break;
      lPos = Number.MAX_SAFE_INTEGER;
    }
    if (ri < r.pos.length) rPos = r.pos[ri]! + rOffset;
    else {
      if (!(emit & L_ONLY)) break;
      rPos = Number.MAX_SAFE_INTEGER;
    }
    if (lPos < rPos) {
      if (emit & L_ONLY) out = lPos;
      li++;
    } else if (lPos === rPos) {
      if (emit & BOTH) out = rPos;
      li++;
      ri++;
    } else {
      if (emit & R_ONLY) out = rPos;
      ri++;
    }
    if (out > 0) {
      if (!data) return true;
      data.pos.push(out);
    }
  }
  return Boolean(data && data.pos.length > 0);
}

/** TS_phrase_execute (flags none): a node at or below a phrase operator, with its positions. */
function phraseExecute(node: CompiledNode, doc: Doc, weights: boolean, data: PhraseData | null): boolean {
  switch (node.kind) {
    case 'term': {
      // checkcondition_str with positions wanted: the term's positions (of its weights), a prefix's of every lexeme it begins, sorted and unique.
      const found: number[] = [];
      const n = doc[0]!;
      for (const id of node.ids) {
        const k = entryOf(doc, id);
        if (k < 0) continue;
        for (let j = doc[1 + n + k]!, end = doc[2 + n + k]!; j < end; j++) {
          const wep = doc[j]!;
          if (!weights || !node.weights || node.weights & (1 << weightOf(wep))) found.push(positionOf(wep));
        }
      }
      if (!found.length) return false;
      if (node.ids.length > 1) {
        found.sort((a, b) => a - b);
        let k = 0;
        for (let j = 0; j < found.length; j++) if (j === 0 || found[j] !== found[j - 1]) found[k++] = found[j]!;
        found.length = k;
      }
      data!.pos = found;
      return true;
    }
    case 'not': {
      const d = data!;
      if (!phraseExecute(node.arg, doc, weights, d)) {
        d.negate = true;
        return true;
      }
      if (d.pos.length > 0) {
        d.negate = !d.negate;
        return true;
      }
      if (d.negate) {
        d.negate = false;
        return false;
      }
      return false;
    }
    case 'phrase':
    case 'and': {
      const l = noData();
      const r = noData();
      if (!phraseExecute(node.left, doc, weights, l)) return false;
      if (!phraseExecute(node.right, doc, weights, r)) return false;
      let lOffset: number;
      let rOffset: number;
      if (node.kind === 'phrase') {
        lOffset = node.distance + r.width;
        rOffset = 0;
        if (data) data.width = node.distance + l.width + r.width;
      } else {
        const max = Math.max(l.width, r.width);
        lOffset = max - l.width;
        rOffset = max - r.width;
        if (data) data.width = max;
      }
      if (l.negate && r.negate) {
        phraseOutput(data, l, r, BOTH | L_ONLY | R_ONLY, lOffset, rOffset);
        if (data) data.negate = true;
        return true;
      }
      if (l.negate) return phraseOutput(data, l, r, R_ONLY, lOffset, rOffset);
      if (r.negate) return phraseOutput(data, l, r, L_ONLY, lOffset, rOffset);
      return phraseOutput(data, l, r, BOTH, lOffset, rOffset);
    }
    case 'or': {
      const l = noData();
      const r = noData();
      const lMatch = phraseExecute(node.left, doc, weights, l);
      const rMatch = phraseExecute(node.right, doc, weights, r);
      if (!lMatch && !rMatch) return false;
      if (!lMatch) l.width = 0;
      if (!rMatch) r.width = 0;
      const max = Math.max(l.width, r.width);
      const lOffset = max - l.width;
      const rOffset = max - r.width;
      const d = data!;
      d.width = max;
      if (l.negate && r.negate) {
        phraseOutput(d, l, r, BOTH, lOffset, rOffset);
        d.negate = true;
        return true;
      }
      if (l.negate) {
        phraseOutput(d, l, r, L_ONLY, lOffset, rOffset);
        d.negate = true;
        return true;
      }
      if (r.negate) {
        phraseOutput(d, l, r, R_ONLY, lOffset, rOffset);
        d.negate = true;
        return true;
      }
      return phraseOutput(d, l, r, BOTH | L_ONLY | R_ONLY, lOffset, rOffset);
    }
  }
}

/**
 * `doc @@ query` (TS_execute_recurse, flags none). `weights` false: the terms' weights left out
 * (how a product's words near a point are matched, queries.ts nearQueries).
 */
export function matches(node: CompiledNode, doc: Doc, weights = true): boolean {
  switch (node.kind) {
    case 'term':
      return hasTerm(doc, node, weights ? node.weights : 0);
    case 'not':
      return !matches(node.arg, doc, weights);
    case 'and':
      return matches(node.left, doc, weights) && matches(node.right, doc, weights);
    case 'or':
      return matches(node.left, doc, weights) || matches(node.right, doc, weights);
    case 'phrase':
      return phraseExecute(node, doc, weights, null);
  }
}

/** ts_rank's default weights {0.1, 0.2, 0.4, 1.0} (float), by a position's weight (0 = D … 3 = A). */
const rankWeights = [Math.fround(0.1), Math.fround(0.2), Math.fround(0.4), Math.fround(1.0)];
const f = Math.fround;
/** word_distance: the weight of two words `w` positions apart (float4). */
function wordDistance(w: number): number {
  if (w > 100) return f(1e-30);
  return f(1.0 / (1.005 + 0.05 * Math.exp(f(w) / 1.5 - 2)));
}

/** A query as ts_rank reads it: its root operator and its operands sorted by lexeme, each once (SortAndUniqItems). */
export interface RankQuery {
  and: boolean;
  items: readonly Resolved[];
  /** Each lexeme id's places in calc_rank_or's walk (item by item, each one's ids in order). */
  walk: Map<number, number[]>;
  /** The places in that walk. */
  steps: number;
  /** No lexeme has two places in it (a place table by lexeme id can then stand for `walk`: tsRank's `placeOf`). */
  single: boolean;
}

export function rankQueryOf(root: CompiledNode): RankQuery {
  const sorted = termsOf(root).sort((a, b) => compareLexemes(a.lexeme, b.lexeme));
  const items = sorted.filter((t, k) => k === 0 || t.lexeme !== sorted[k - 1]!.lexeme);
  const walk = new Map<number, number[]>();
  let steps = 0;
  for (const item of items) {
    for (const id of item.ids) {
      const places = walk.get(id);
      if (places) places.push(steps++);
      else walk.set(id, [steps++]);
    }
  }
  return { and: root.kind === 'and' || root.kind === 'phrase', items, walk, steps, single: walk.size === steps };
}

/** calc_rank_or's term for the document's entry `k`, in float4 (divided by 1.64493406685 when added to the sum). */
function entryRankOf(doc: Doc, k: number): number {
  const n = doc[0]!;
  const start = doc[1 + n + k]!;
  const dimt = doc[2 + n + k]! - start;
  let resj = 0;
  let wjm = -1;
  let jm = 0;
  for (let j = 0; j < dimt; j++) {
    const w = rankWeights[weightOf(doc[start + j]!)]!;
    resj = f(resj + f(w / ((j + 1) * (j + 1))));
    if (w > wjm) {
      wjm = w;
      jm = j;
    }
  }
  return f(f(wjm + resj) - f(wjm / ((jm + 1) * (jm + 1))));
}

/** calc_rank_or's divisor of an entry's term. */
const termDivisor = 1.64493406685;

/** What calc_rank_or adds for the document's entry `k`, from its term as docOf worked it out. */
function rankOfEntry(doc: Doc, k: number): number {
  return entryTerm(doc, k) / termDivisor;
}

/** calc_rank_or's term for the document's entry `k` as docOf worked it out (a float4): what the postings keep beside the product (near-index.ts). */
export function entryTerm(doc: Doc, k: number): number {
  float4Bits[0] = doc[doc[1 + 2 * doc[0]!]! + k]!;
  return float4[0]!;
}

/**
 * calc_rank_or from the outside: the sum so far (from 0) with the next term (entryTerm) of the
 * query's words the document holds, added in the walk's order (RankQuery.walk); then `orRank`.
 */
export function addTerm(sum: number, term: number): number {
  return f(sum + term / termDivisor);
}

/** An OR query's rank from its sum (addTerm), as tsRank answers it: the same float4. */
export function orRank(sum: number, query: RankQuery): number {
  const res = f(sum / query.items.length);
  return res < 0 ? f(1e-20) : res;
}

/**
 * calc_rank_or. A query of many words (the vocabulary's) against a document of few: the
 * document's entries the query holds are found from the document's side, then added in the
 * order calc_rank_or adds them (float4 sums depend on their order).
 */
function rankOr(doc: Doc, query: RankQuery, placeOf: Int32Array | null): number {
  const { items } = query;
  let res = 0;
  const n = doc[0]!;
  // From the document's side when that is fewer steps: with the caller's table (`placeOf`), one lookup an entry against a binary search of the document for each of the query's places.
  if (placeOf ? n < query.steps * 3 : n * 4 < query.steps) {
    found.length = 0;
    for (let k = 0; k < n; k++) {
      if (placeOf) {
        const place = placeOf[doc[1 + k]!]!;
        if (place) found.push((place - 1) * 65_536 + k);
        continue;
      }
      const places = query.walk.get(doc[1 + k]!);
      if (places) for (const place of places) found.push(place * 65_536 + k);
    }
    // In the walk's order (most often one or two found: an insertion sort).
    if (found.length > 8) found.sort(ascending);
    else {
      for (let i = 1; i < found.length; i++) {
        const v = found[i]!;
        let j = i - 1;
        while (j >= 0 && found[j]! > v) {
          found[j + 1] = found[j]!;
          j--;
        }
        found[j + 1] = v;
      }
    }
    for (const step of found) res = f(res + rankOfEntry(doc, step % 65_536));
  } else {
    for (const item of items) {
      for (const id of item.ids) {
        const k = entryOf(doc, id);
        if (k >= 0) res = f(res + rankOfEntry(doc, k));
      }
    }
  }
  if (items.length > 0) res = f(res / items.length);
  return res;
}
const found: number[] = [];
const ascending = (a: number, b: number): number => a - b;

let andFrom = new Int32Array(64);
let andTo = new Int32Array(64);
let andFound = new Int32Array(64);

/** calc_rank_and. */
function rankAnd(doc: Doc, items: readonly Resolved[]): number {
  if (items.length < 2) return rankOr(doc, { and: false, items, walk: new Map(), steps: 0, single: true }, null);
  // Each item's positions: the entry found last (a prefix's last lexeme), as [start, end) in `doc`; -1 when none (tables reused: no allocation a product).
  if (andFrom.length < items.length) {
    andFrom = new Int32Array(items.length * 2);
    andTo = new Int32Array(items.length * 2);
    andFound = new Int32Array(items.length * 2);
  }
  const from = andFrom;
  const to = andTo;
  // The items found so far, ascending: those before `i` the walk pairs it with (the others add nothing).
  const foundItems = andFound;
  let founds = 0;
  const n = doc[0]!;
  let res = -1;
  for (let i = 0; i < items.length; i++) {
    from[i] = -1;
    for (const id of items[i]!.ids) {
      const e = entryOf(doc, id);
      if (e < 0) continue;
      const start = doc[1 + n + e]!;
      const end = doc[2 + n + e]!;
      from[i] = start;
      to[i] = end;
      for (let m = 0; m < founds; m++) {
        const k = foundItems[m]!;
        for (let l = start; l < end; l++) {
          for (let p = from[k]!; p < to[k]!; p++) {
            const dist = Math.abs(positionOf(doc[l]!) - positionOf(doc[p]!));
            // Every word of a tsvector from to_tsvector has positions: a distance of 0 never counts.
            if (dist) {
              const curw = f(Math.sqrt(f(f(rankWeights[weightOf(doc[l]!)]! * rankWeights[weightOf(doc[p]!)]!) * wordDistance(dist))));
              res = res < 0 ? curw : f(1.0 - (1.0 - res) * (1.0 - curw));
            }
          }
        }
      }
    }
    if (from[i]! >= 0) foundItems[founds++] = i;
  }
  return res;
}

/** ts_rank(doc, query) with the default weights and normalization 0 (calc_rank), a float4 as a double. */
/**
 * ts_rank(doc, query) with the default weights and normalization 0 (calc_rank), a float4 as a
 * double. `placeOf`: for a query whose walk is `single`, each lexeme id's place in it plus one (0:
 * none), a table the caller fills for a search (NearIndex.answer).
 */
export function tsRank(doc: Doc, query: RankQuery, placeOf: Int32Array | null = null): number {
  if (!doc[0] || !query.items.length) return 0;
  let res = query.and ? rankAnd(doc, query.items) : rankOr(doc, query, query.single ? placeOf : null);
  if (res < 0) res = f(1e-20);
  return res;
}

/** A float4 as PostgreSQL writes it (the shortest decimal that reads back as the same float4) and node-postgres reads it. */
export function float4Number(x: number): number {
  if (!Number.isFinite(x) || x === 0) return x;
  // Ranks repeat (products with the same words): each written once, the last thousands kept.
  const known = written.get(x);
  if (known !== undefined) return known;
  let shortest = x;
  for (let p = 1; p < 10; p++) {
    const v = Number(x.toPrecision(p));
    if (f(v) === x) {
      shortest = v;
      break;
    }
  }
  if (written.size >= 4096) written.clear();
  written.set(x, shortest);
  return shortest;
}
const written = new Map<number, number>();
