import type { VocabularyEntry } from '@contracts/search/vocabulary';
import { vocabularyOriginLabels } from '@labels/search/vocabulary';
import { toChoices } from '../../../admin/shared/choices';

/* The vocabulary's words as the back office shows them (the contract's Italian names). */

export const originLabels: Record<VocabularyEntry['origin'], string> = vocabularyOriginLabels;
export const originChoices = toChoices(originLabels);
/** An entry's state in its history: not yet written, in use, or removed. */
export const vocabularyStatusLabels: Record<string, string> = { none: 'Non ancora scritta', active: 'In uso', removed: 'Rimossa' };
export const activeChoices = [
  { id: 'true', name: 'Attiva' },
  { id: 'false', name: 'Disattivata' },
];

/** A list of words on one line, as the form writes it: separated by commas. */
export const wordsText = (words: unknown): string => (Array.isArray(words) ? words.join(', ') : '');
/** The form's line of words back into the list the API takes: split at commas, each trimmed, empty ones left out. */
export const wordsOf = (text: unknown): string[] =>
  typeof text === 'string'
    ? text
        .split(',')
        .map((w) => w.trim())
        .filter(Boolean)
    : Array.isArray(text)
      ? (text as string[])
      : [];
