import { byEventType, type Projection } from '../../../platform/projections/projection.js';
import type { VocabularyEntryEvent } from './vocabulary-entry.js';
import { vocabularyReadModel } from './lookup.js';

/**
 * The `search_vocabulary` read model (migration 064): the admins' own entries and the built-in
 * entries they changed or switched off, a row each; a built-in entry restored has none, as the
 * file writes it again. The lookup (lookup.ts) merges it with the file.
 */
export const vocabularyProjection: Projection = {
  name: vocabularyReadModel,
  title: 'Vocabolario della ricerca',
  version: 1,
  tables: ['search_vocabulary'],
  apply: byEventType<VocabularyEntryEvent>({
    SearchVocabularyEntryAdded: async (event, tx) => {
      const { id, fields: f } = event.data;
      await tx.query(
        `INSERT INTO search_vocabulary (id, base_key, term, synonyms, narrower, categories, removed, created_at, updated_at)
         VALUES ($1, NULL, $2, $3, $4, $5, false, $6, $6) ON CONFLICT (id) DO NOTHING`,
        [id, f.term, f.synonyms, f.narrower, f.categories, event.metadata.at],
      );
    },
    SearchVocabularyEntryChanged: async (event, tx) => {
      const { id, baseKey, fields: f } = event.data;
      await tx.query(
        `INSERT INTO search_vocabulary (id, base_key, term, synonyms, narrower, categories, removed, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, false, $7, $7)
         ON CONFLICT (id) DO UPDATE SET term = excluded.term, synonyms = excluded.synonyms, narrower = excluded.narrower,
           categories = excluded.categories, removed = false, updated_at = excluded.updated_at`,
        [id, baseKey, f.term, f.synonyms, f.narrower, f.categories, event.metadata.at],
      );
    },
    SearchVocabularyEntryRemoved: async (event, tx) => {
      const { id, baseKey, fields: f } = event.data;
      if (!baseKey) {
        await tx.query('DELETE FROM search_vocabulary WHERE id = $1', [id]);
        return;
      }
      // A built-in entry switched off keeps a row that says so (and the words it had).
      await tx.query(
        `INSERT INTO search_vocabulary (id, base_key, term, synonyms, narrower, categories, removed, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, true, $7, $7)
         ON CONFLICT (id) DO UPDATE SET removed = true, updated_at = excluded.updated_at`,
        [id, baseKey, f.term, f.synonyms, f.narrower, f.categories, event.metadata.at],
      );
    },
    SearchVocabularyEntryRestored: async (event, tx) => {
      await tx.query('DELETE FROM search_vocabulary WHERE id = $1', [event.data.id]);
    },
  }),
};
