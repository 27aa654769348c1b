import { randomUUID } from 'node:crypto';
import { scenario } from '../../../platform/testing/accepted-events.js';
import { vocabularyEntryDecider, vocabularyEntryStreamId, type BaseEntry, type VocabularyEntryCommand } from './vocabulary-entry.js';
import { baseEntries, baseEntryId, baseFieldsOf } from './lookup.js';

const added = randomUUID();
const fields = { term: 'cose da spiaggia', synonyms: ['articoli da mare'], narrower: ['ombrellone', 'telo mare', "crema all'ossido di zinco"], categories: ['sport'] };
const pastaId = baseEntryId('pasta');
const pasta = baseEntries.get(pastaId)!;
const base: BaseEntry = { key: pasta.key, fields: baseFieldsOf(pasta) };

/** The admins' entries and a built-in one, each through its whole life. */
export const scenarios = [
  scenario<VocabularyEntryCommand>(
    'search vocabulary: an admin’s entry',
    vocabularyEntryStreamId(added),
    vocabularyEntryDecider,
    [],
    [
      { type: 'AddVocabularyEntry', id: added, fields },
      { type: 'ChangeVocabularyEntry', id: added, base: null, fields: { ...fields, narrower: ['sdraio'], categories: [] } },
      { type: 'RemoveVocabularyEntry', id: added, base: null },
    ],
  ),
  scenario<VocabularyEntryCommand>(
    'search vocabulary: a built-in entry',
    vocabularyEntryStreamId(pastaId),
    vocabularyEntryDecider,
    [],
    [
      { type: 'ChangeVocabularyEntry', id: pastaId, base, fields: { ...base.fields, narrower: ['spaghetti', 'bavette'] } },
      { type: 'RemoveVocabularyEntry', id: pastaId, base },
      { type: 'RestoreVocabularyEntry', id: pastaId, base },
    ],
  ),
];
