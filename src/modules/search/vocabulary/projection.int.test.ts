import { describe, expect, it } from 'vitest';
import { useProjection } from '../../../../tests/support/projection.js';
import { EventLog } from '../../../platform/testing/projection-spec.js';
import { writeBaseVocabulary } from './base-entries.js';
import { vocabularyEntryDecider, vocabularyEntryStreamId, type BaseEntry, type VocabularyEntryCommand } from './vocabulary-entry.js';
import { baseEntries, baseEntryId, baseFieldsOf } from './lookup.js';
import { vocabularyProjection } from './projection.js';
import { vocabularyEntries } from './queries.js';
import { baseVocabulary } from './vocabulary.it.js';

const baseOf = (key: string): BaseEntry => ({ key, fields: baseFieldsOf(baseEntries.get(baseEntryId(key))!) });

describe('search_vocabulary projection', () => {
  const spec = useProjection(vocabularyProjection);
  const log = new EventLog();
  const decide = (id: string, command: VocabularyEntryCommand) => log.decide(vocabularyEntryStreamId(id), vocabularyEntryDecider, command);

  const own = '1f3a0f53-7c43-4a7e-a8f3-0a9e3c1d5b01';
  const gone = '1f3a0f53-7c43-4a7e-a8f3-0a9e3c1d5b02';
  const [pasta, cellulare, formaggio] = [baseOf('pasta'), baseOf('cellulare'), baseOf('formaggio')];
  const fields = { term: 'cose da spiaggia', synonyms: [], narrower: ['ombrellone', 'telo mare'], categories: ['sport'] };

  it('keeps the admins’ entries and the built-in ones they changed or switched off; a restored one is the file’s again', async () => {
    await spec.apply([
      ...decide(own, { type: 'AddVocabularyEntry', id: own, fields }),
      ...decide(own, { type: 'ChangeVocabularyEntry', id: own, base: null, fields: { ...fields, narrower: ['ombrellone', 'sdraio'] } }),
      ...decide(gone, { type: 'AddVocabularyEntry', id: gone, fields: { ...fields, term: 'cose da montagna' } }),
      ...decide(gone, { type: 'RemoveVocabularyEntry', id: gone, base: null }),
      ...decide(baseEntryId('pasta'), { type: 'ChangeVocabularyEntry', id: baseEntryId('pasta'), base: pasta, fields: { ...pasta.fields, narrower: ['spaghetti', 'bavette'] } }),
      ...decide(baseEntryId('cellulare'), { type: 'RemoveVocabularyEntry', id: baseEntryId('cellulare'), base: cellulare }),
      ...decide(baseEntryId('formaggio'), {
        type: 'ChangeVocabularyEntry',
        id: baseEntryId('formaggio'),
        base: formaggio,
        fields: { ...formaggio.fields, narrower: ['pecorino'] },
      }),
      ...decide(baseEntryId('formaggio'), { type: 'RemoveVocabularyEntry', id: baseEntryId('formaggio'), base: formaggio }),
      ...decide(baseEntryId('formaggio'), { type: 'RestoreVocabularyEntry', id: baseEntryId('formaggio'), base: formaggio }),
    ]);
    expect(await spec.rows('SELECT id, base_key, term, synonyms, narrower, categories, removed FROM search_vocabulary ORDER BY term')).toEqual([
      {
        id: baseEntryId('cellulare'),
        base_key: 'cellulare',
        term: 'cellulare',
        synonyms: cellulare.fields.synonyms,
        narrower: cellulare.fields.narrower,
        categories: [],
        removed: true,
      },
      { id: own, base_key: null, term: 'cose da spiaggia', synonyms: [], narrower: ['ombrellone', 'sdraio'], categories: ['sport'], removed: false },
      { id: baseEntryId('pasta'), base_key: 'pasta', term: 'pasta', synonyms: pasta.fields.synonyms, narrower: ['spaghetti', 'bavette'], categories: [], removed: false },
    ]);

    // The back office's list: every entry of the file, as the admins left it, and theirs.
    await writeBaseVocabulary(spec.pool);
    const entry = async (id: string) => (await spec.rows(`SELECT term, narrower, origin, active, base_key FROM ${vocabularyEntries} WHERE id = $1`, [id]))[0];
    expect(await entry(own)).toEqual({ term: 'cose da spiaggia', narrower: ['ombrellone', 'sdraio'], origin: 'admin', active: true, base_key: null });
    expect(await entry(gone)).toBeUndefined();
    expect(await entry(baseEntryId('pasta'))).toEqual({ term: 'pasta', narrower: ['spaghetti', 'bavette'], origin: 'changed', active: true, base_key: 'pasta' });
    expect(await entry(baseEntryId('cellulare'))).toEqual({ term: 'cellulare', narrower: cellulare.fields.narrower, origin: 'base', active: false, base_key: 'cellulare' });
    expect(await entry(baseEntryId('formaggio'))).toEqual({ term: 'formaggio', narrower: formaggio.fields.narrower, origin: 'base', active: true, base_key: 'formaggio' });
    expect(await spec.rows(`SELECT count(*)::int AS n FROM ${vocabularyEntries}`)).toEqual([{ n: baseVocabulary.length + 1 }]);
    // Written again, the same file changes nothing.
    await writeBaseVocabulary(spec.pool);
    expect(await spec.rows('SELECT count(*)::int AS n FROM search_vocabulary_base')).toEqual([{ n: baseVocabulary.length }]);
  });
});
