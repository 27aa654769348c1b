import type { Decider, DomainEvent } from '../../../platform/domain/decider.js';
import { DomainError } from '../../../platform/domain/errors.js';
import { retailCategories } from '../../catalog/categories.js';

/**
 * The admins' side of the search vocabulary (issue [17]): an entry they add, change or remove, and
 * a built-in entry (vocabulary.it.ts, by its stable id) they change, switch off or restore as the
 * file writes it. One stream an entry; the read model keeps only what differs from the file.
 */
export const vocabularyEntryStreamId = (id: string): string => `search-vocabulary-${id}`;

/** What an entry says (lookup.ts VocabularyFields). */
export interface VocabularyEntryFields {
  term: string;
  synonyms: string[];
  narrower: string[];
  categories: string[];
}

/** A built-in entry as the commands find it in the file: its key and its fields. */
export interface BaseEntry {
  key: string;
  fields: VocabularyEntryFields;
}

export type VocabularyEntryCommand =
  | { type: 'AddVocabularyEntry'; id: string; fields: VocabularyEntryFields }
  | { type: 'ChangeVocabularyEntry'; id: string; base: BaseEntry | null; fields: VocabularyEntryFields }
  | { type: 'RemoveVocabularyEntry'; id: string; base: BaseEntry | null }
  | { type: 'RestoreVocabularyEntry'; id: string; base: BaseEntry | null };

export type VocabularyEntryEvent =
  | DomainEvent<'SearchVocabularyEntryAdded', { id: string; fields: VocabularyEntryFields }>
  | DomainEvent<'SearchVocabularyEntryChanged', { id: string; baseKey: string | null; fields: VocabularyEntryFields }>
  | DomainEvent<'SearchVocabularyEntryRemoved', { id: string; baseKey: string | null; fields: VocabularyEntryFields }>
  | DomainEvent<'SearchVocabularyEntryRestored', { id: string; baseKey: string; term: string }>;

/**
 * `none`: no event yet (an admin's entry not added; a built-in entry as the file writes it, or
 * restored to it); `active`: as added or changed; `removed`: taken out of the search.
 */
export type VocabularyEntryState = { status: 'none' } | { status: 'active' | 'removed'; baseKey: string | null; fields: VocabularyEntryFields };

/** What the read model and the back office hold of an entry: bounds every value stays within. */
export const vocabularyLimits = { phrase: 60, synonyms: 50, narrower: 300, categories: 5 } as const;

export const vocabularyLabels = {
  term: 'Termine',
  synonyms: 'Sinonimi',
  narrower: 'Parole più specifiche',
  categories: 'Categorie',
} as const;

/** A phrase: words of letters and digits, with spaces, apostrophes, hyphens, dots, «&» or «+» between them. */
const phrasePattern = /^[\p{L}\p{N}](?:[\p{L}\p{N}'’.&+\- ]*[\p{L}\p{N}.])?$/u;

/** How two phrases compare: accents, case and spaces aside («Caffè» is «caffe»). */
const folded = (phrase: string): string => phrase.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ');

const categorySlugs = new Set(retailCategories.map((c) => c.slug));

const refuse = (field: keyof VocabularyEntryFields, message: string): never => {
  throw new DomainError(message, 'rule', { [field]: message });
};

function checkPhrase(field: keyof VocabularyEntryFields, phrase: string): void {
  const label = vocabularyLabels[field];
  if (typeof phrase !== 'string' || !phrase.trim()) refuse(field, `${label}: una parola non può essere vuota.`);
  if (phrase.length > vocabularyLimits.phrase) refuse(field, `${label}: «${phrase.slice(0, 20)}…» supera i ${vocabularyLimits.phrase} caratteri.`);
  if (phrase !== phrase.trim() || /\s{2}/.test(phrase)) refuse(field, `${label}: «${phrase}» ha spazi in più all’inizio, alla fine o tra le parole.`);
  if (!phrasePattern.test(phrase)) {
    refuse(field, `${label}: «${phrase}» può contenere solo lettere, cifre, spazi, apostrofi, trattini, punti, «&» e «+».`);
  }
}

/**
 * The rules of an entry's fields: a term; words of at most 60 characters in lists the read model
 * holds (at most 50 synonyms, 300 narrower words, 5 categories), each written once; the
 * categories among the retail ones; and something for the term to find.
 */
export function checkVocabularyFields(fields: VocabularyEntryFields): void {
  checkPhrase('term', fields.term);
  const lists = [
    ['synonyms', fields.synonyms],
    ['narrower', fields.narrower],
  ] as const;
  for (const [field, list] of lists) {
    if (list.length > vocabularyLimits[field]) refuse(field, `${vocabularyLabels[field]}: al massimo ${vocabularyLimits[field]}.`);
    for (const phrase of list) checkPhrase(field, phrase);
  }
  const seen = new Map<string, string>([[folded(fields.term), 'term']]);
  for (const [field, list] of lists) {
    for (const phrase of list) {
      if (seen.has(folded(phrase))) refuse(field, `«${phrase}» è scritta due volte: scrivila una volta sola.`);
      seen.set(folded(phrase), field);
    }
  }
  if (fields.categories.length > vocabularyLimits.categories) refuse('categories', `${vocabularyLabels.categories}: al massimo ${vocabularyLimits.categories}.`);
  for (const slug of fields.categories) {
    if (!categorySlugs.has(slug)) refuse('categories', `Categoria «${slug}» sconosciuta: scegline una delle categorie dei negozi.`);
  }
  if (new Set(fields.categories).size !== fields.categories.length) refuse('categories', 'Categorie: ognuna una volta sola.');
  if (!fields.synonyms.length && !fields.narrower.length && !fields.categories.length) {
    refuse('synonyms', 'Aggiungi almeno un sinonimo, una parola più specifica o una categoria: altrimenti la voce non cambia la ricerca.');
  }
}

const sameFields = (a: VocabularyEntryFields, b: VocabularyEntryFields): boolean =>
  a.term === b.term &&
  [a.synonyms, a.narrower, a.categories].every((list, i) => {
    const other = [b.synonyms, b.narrower, b.categories][i]!;
    return list.length === other.length && list.every((v, j) => v === other[j]);
  });

const notFound = () => new DomainError('Voce del vocabolario non trovata.', 'not-found');

/** The fields in force: the events', or the file's for a built-in entry without any. */
const current = (state: VocabularyEntryState, base: BaseEntry | null): VocabularyEntryFields | null => (state.status !== 'none' ? state.fields : (base?.fields ?? null));

export const vocabularyEntryDecider: Decider<VocabularyEntryCommand, VocabularyEntryEvent, VocabularyEntryState> = {
  initialState: { status: 'none' },
  decide(command, state) {
    switch (command.type) {
      case 'AddVocabularyEntry':
        // The same entry again (a retried request) adds nothing.
        if (state.status !== 'none') return [];
        checkVocabularyFields(command.fields);
        return [{ type: 'SearchVocabularyEntryAdded', data: { id: command.id, fields: command.fields } }];
      case 'ChangeVocabularyEntry': {
        const baseKey = command.base?.key ?? (state.status === 'none' ? null : state.baseKey);
        // An admin's entry removed is gone; a built-in one switched off comes back with the change.
        if (state.status === 'none' ? !command.base : state.status === 'removed' && !baseKey) throw notFound();
        checkVocabularyFields(command.fields);
        const before = current(state, command.base);
        if (state.status !== 'removed' && before && sameFields(before, command.fields)) return [];
        return [{ type: 'SearchVocabularyEntryChanged', data: { id: command.id, baseKey, fields: command.fields } }];
      }
      case 'RemoveVocabularyEntry': {
        if (state.status === 'removed') return [];
        const fields = current(state, command.base);
        if (!fields) throw notFound();
        const baseKey = command.base?.key ?? (state.status === 'none' ? null : state.baseKey);
        // The fields it had, so that the history says what left the search.
        return [{ type: 'SearchVocabularyEntryRemoved', data: { id: command.id, baseKey, fields } }];
      }
      case 'RestoreVocabularyEntry': {
        if (!command.base) {
          if (state.status === 'none') throw notFound();
          throw new DomainError('Solo una voce predefinita torna com’era: questa l’ha aggiunta l’amministrazione.', 'rule');
        }
        // As the file writes it already.
        if (state.status === 'none') return [];
        return [{ type: 'SearchVocabularyEntryRestored', data: { id: command.id, baseKey: command.base.key, term: command.base.fields.term } }];
      }
    }
  },
  evolve(_state, event) {
    switch (event.type) {
      case 'SearchVocabularyEntryAdded':
        return { status: 'active', baseKey: null, fields: event.data.fields };
      case 'SearchVocabularyEntryChanged':
        return { status: 'active', baseKey: event.data.baseKey, fields: event.data.fields };
      case 'SearchVocabularyEntryRemoved':
        return { status: 'removed', baseKey: event.data.baseKey, fields: event.data.fields };
      case 'SearchVocabularyEntryRestored':
        return { status: 'none' };
    }
  },
};
