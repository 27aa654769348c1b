import type { Queryable } from '../../../platform/db/pool.js';
import { baseEntries } from './lookup.js';

/** The base vocabulary as JSON rows (the table search_vocabulary_base's), made once. */
const rows = JSON.stringify([...baseEntries].map(([id, e]) => ({ id, key: e.key, term: e.term, synonyms: e.synonyms, narrower: e.narrower, categories: e.categories })));

/**
 * Writes the running code's base vocabulary into search_vocabulary_base (migration 064), which the
 * back office lists with the admins' entries: the entries the file has, as it writes them, and no
 * other. One statement that changes only what differs, so a process starting beside others with
 * the same code writes nothing.
 */
export async function writeBaseVocabulary(db: Queryable): Promise<void> {
  await db.query(
    `WITH incoming AS (
       SELECT * FROM jsonb_to_recordset($1::jsonb) AS x(id uuid, key text, term text, synonyms text[], narrower text[], categories text[])
     ), gone AS (
       DELETE FROM search_vocabulary_base b WHERE NOT EXISTS (SELECT 1 FROM incoming i WHERE i.id = b.id)
     )
     INSERT INTO search_vocabulary_base AS b (id, key, term, synonyms, narrower, categories)
     SELECT id, key, term, synonyms, narrower, categories FROM incoming
     ON CONFLICT (id) DO UPDATE SET key = excluded.key, term = excluded.term, synonyms = excluded.synonyms, narrower = excluded.narrower, categories = excluded.categories
     WHERE (b.key, b.term, b.synonyms, b.narrower, b.categories) IS DISTINCT FROM (excluded.key, excluded.term, excluded.synonyms, excluded.narrower, excluded.categories)`,
    [rows],
  );
}
