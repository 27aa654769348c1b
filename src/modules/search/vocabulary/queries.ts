import { z } from 'zod';
import { anyOf, booleanFilter, oneOrMany, type ListResource } from '../../../platform/http/admin-rest.js';
import { retailCategories } from '../../catalog/categories.js';
import { vocabularyEntry, vocabularyOrigins } from './contract.js';

const slugs = retailCategories.map((c) => c.slug) as [string, ...string[]];

/** Every entry of the vocabulary, the file's and the admins' (the view of migration 065). */
export const vocabularyResource: ListResource = {
  name: 'search-vocabulary',
  from: 'search_vocabulary_entries v',
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
