import { create, insertMultiple, search } from '@orama/orama';
import { language, stemmer } from '@orama/stemmers/italian';
import type { Pool } from '../../../src/platform/db/pool.js';
import type { Answer } from '../../../src/modules/search/relevance/measure.js';
import { cities, radiusKm, type RelevanceQuery } from '../../../src/modules/search/relevance/queries.js';

/*
 * Orama (an in-process search library) indexing the same catalogue as our search, for the
 * relevance table of `npm run bench:search`: every product on sale (active, of an active shop)
 * read from the same database, with its name, description, category and its shop's position;
 * Italian tokenizer with Orama's Italian stemmer, typo tolerance 1 (Levenshtein), the name
 * weighted twice (its docs' boosting of the title), the same radius as ours by its geosearch.
 */

const schema = { name: 'string', description: 'string', category: 'string', location: 'geopoint' } as const;

export interface OramaCatalogue {
  documents: number;
  answer(query: RelevanceQuery): Promise<Answer>;
}

export async function oramaOver(pool: Pool): Promise<OramaCatalogue> {
  const db = create({ schema, components: { tokenizer: { stemming: true, stemmer, language } } });
  const { rows } = await pool.query<{ name: string; description: string; category: string; latitude: number; longitude: number }>(
    `SELECT name, description, category, latitude, longitude FROM products WHERE status = 'active' AND NOT is_deleted AND store_active`,
  );
  await insertMultiple(
    db,
    rows.map((r) => ({ name: r.name, description: r.description, category: r.category, location: { lat: r.latitude, lon: r.longitude } })),
  );
  return {
    documents: rows.length,
    async answer(query) {
      const { latitude, longitude } = cities[query.city];
      const results = await search(db, {
        term: query.q,
        properties: ['name', 'description', 'category'],
        boost: { name: 2 },
        tolerance: 1,
        limit: 10,
        where: { location: { radius: { coordinates: { lat: latitude, lon: longitude }, value: radiusKm, unit: 'km', inside: true } } },
      });
      return { names: results.hits.map((hit) => String(hit.document.name)), total: results.count };
    },
  };
}
