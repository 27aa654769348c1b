import { said } from '../../platform/domain/format.js';
import type { ModuleManifest } from '../../platform/module.js';
import { searchRoutes } from './routes.js';
import { vocabularyAdminRoutes } from './vocabulary/admin-routes.js';
import { vocabularyEntryDecider, vocabularyEntryStreamId } from './vocabulary/vocabulary-entry.js';
import { vocabularyProjection } from './vocabulary/projection.js';

/** The words of an entry an event carries, as a sentence names them. */
const termOf = (d: Record<string, unknown>): string => said.quoted((d.fields as { term?: unknown } | undefined)?.term ?? d.term);
const counted = (d: Record<string, unknown>): string => {
  const f = (d.fields ?? {}) as { synonyms?: unknown[]; narrower?: unknown[]; categories?: unknown[] };
  const parts = [
    [f.synonyms?.length ?? 0, 'sinonimo', 'sinonimi'],
    [f.narrower?.length ?? 0, 'parola più specifica', 'parole più specifiche'],
    [f.categories?.length ?? 0, 'categoria', 'categorie'],
  ] as const;
  return parts
    .filter(([n]) => n > 0)
    .map(([n, one, many]) => `${n} ${n === 1 ? one : many}`)
    .join(', ');
};

/**
 * Finding products and shops by words and distance. It reads the read models of the catalog and
 * the stores (their search words and map cells); it owns the search vocabulary (vocabulary/: the
 * project's base vocabulary and the admins' changes to it).
 */
export const searchModule: ModuleManifest = {
  name: 'search',
  migrations: new URL('./migrations/', import.meta.url),
  routes: [searchRoutes, vocabularyAdminRoutes],
  projections: [vocabularyProjection],
  events: {
    SearchVocabularyEntryAdded: 'Voce aggiunta al vocabolario della ricerca',
    SearchVocabularyEntryChanged: 'Voce del vocabolario della ricerca modificata',
    SearchVocabularyEntryRemoved: 'Voce tolta dal vocabolario della ricerca',
    SearchVocabularyEntryRestored: 'Voce predefinita del vocabolario ripristinata',
  },
  summaries: {
    SearchVocabularyEntryAdded: (d) => `Nuova voce del vocabolario${termOf(d)}: ${counted(d)}.`,
    SearchVocabularyEntryChanged: (d) => `Voce del vocabolario${termOf(d)}${d.baseKey ? ' (predefinita)' : ''} modificata: ${counted(d)}.`,
    SearchVocabularyEntryRemoved: (d) => (d.baseKey ? `Voce predefinita${termOf(d)} disattivata nella ricerca.` : `Voce${termOf(d)} tolta dal vocabolario.`),
    SearchVocabularyEntryRestored: (d) => `Voce predefinita${termOf(d)} riportata com’è nel vocabolario del progetto.`,
  },
  audited: {
    'search-vocabulary': { stream: vocabularyEntryStreamId, decider: () => vocabularyEntryDecider },
  },
};
