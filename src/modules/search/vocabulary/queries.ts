import { z } from 'zod';
import { anyOf, booleanFilter, oneOrMany, type ListResource } from '../../../platform/http/admin-rest.js';
import { retailCategories } from '../../catalog/categories.js';
import { vocabularyEntry, vocabularyOrigins } from './contract.js';

const slugs = retailCategories.map((c) => c.slug) as [string, ...string[]];

/**
 * Every entry as the back office lists it: a built-in one as the file or the admins' change writes
 * it (origin 'base' or 'changed'; active false when switched off), an admin's own ('admin'). A row
 * whose built-in entry left the file is no entry any more. Read as a subquery, not a view: a view
 * would tie the read model's table to it, and a rebuild beside the live tables could not put its
 * new table in place (migration 065, as 047 for the credits).
 */
export const vocabularyEntries = `(
  SELECT e.*, f_unaccent(lower(concat_ws(' ', e.term, array_to_string(e.synonyms, ' '), array_to_string(e.narrower, ' ')))) AS admin_text
  FROM (
    SELECT coalesce(a.id, b.id) AS id,
           b.key AS base_key,
           CASE WHEN a.id IS NULL OR (b.id IS NOT NULL AND a.removed) THEN b.term ELSE a.term END AS term,
           CASE WHEN a.id IS NULL OR (b.id IS NOT NULL AND a.removed) THEN b.synonyms ELSE a.synonyms END AS synonyms,
           CASE WHEN a.id IS NULL OR (b.id IS NOT NULL AND a.removed) THEN b.narrower ELSE a.narrower END AS narrower,
           CASE WHEN a.id IS NULL OR (b.id IS NOT NULL AND a.removed) THEN b.categories ELSE a.categories END AS categories,
           CASE WHEN b.id IS NULL THEN 'admin' WHEN a.id IS NULL OR a.removed THEN 'base' ELSE 'changed' END AS origin,
           NOT coalesce(a.removed, false) AS active,
           a.updated_at
    FROM search_vocabulary_base b
    FULL JOIN search_vocabulary a ON a.id = b.id
    WHERE b.id IS NOT NULL OR a.base_key IS NULL
  ) e
) v`;

/** Every entry of the vocabulary, the file's and the admins'. */
export const vocabularyResource: ListResource = {
  name: 'search-vocabulary',
  from: vocabularyEntries,
  select: `v.id, v.term, v.synonyms, v.narrower, v.categories, v.origin, v.active, v.base_key AS "baseKey", v.updated_at AS "updatedAt"`,
  id: 'v.id',
  sortable: { id: 'v.id', term: 'lower(v.term)', origin: 'v.origin', active: 'v.active', updatedAt: 'v.updated_at' },
  defaultOrder: 'lower(v.term)',
  filters: {
    origin: anyOf(vocabularyOrigins, 'Origine', 'v.origin'),
    active: booleanFilter('v.active'),
    category: { schema: oneOrMany(z.enum(slugs, { error: 'Categoria non valida.' })), where: (p) => `v.categories && ${p}::text[]` },
  },
  searchText: 'v.admin_text',
  notFound: 'Voce del vocabolario non trovata.',
  row: vocabularyEntry,
};
