import { z } from 'zod';
import { adminResource } from '../../../platform/http/admin-rest-contract.js';
import { api, isoTime, movesOf, post } from '../../../platform/http/contract.js';
import { vocabularyOrigins } from './labels.js';

export { vocabularyOrigins, vocabularyOriginLabels, type VocabularyOrigin } from './labels.js';

/** A list of words as the form sends it: an emptied one (null) is none; each word trimmed. */
const phrases = (label: string, max: number) =>
  z.preprocess(
    (value) => value ?? [],
    z.array(z.string({ error: `${label}: ogni parola è un testo.` }).trim(), { error: `${label}: un elenco di parole.` }).max(max, `${label}: al massimo ${max}.`),
  );

/**
 * An entry as the admins write it (vocabulary-entry.ts checks the rest: words of at most 60 characters,
 * each once, retail categories, something for the term to find).
 */
export const vocabularyEntryInput = z.object({
  term: z.string({ error: 'Termine: campo obbligatorio.' }).trim().min(1, 'Termine: campo obbligatorio.'),
  synonyms: phrases('Sinonimi', 50),
  narrower: phrases('Parole più specifiche', 300),
  categories: phrases('Categorie', 5),
});

/** An entry of the search vocabulary as the back office shows it. */
export const vocabularyEntry = z.object({
  id: z.uuid(),
  term: z.string(),
  /** Words of the same meaning: each finds what the others find. */
  synonyms: z.array(z.string()),
  /** Kinds of it: the term finds them, they do not find the term. */
  narrower: z.array(z.string()),
  /** Retail categories (slugs) whose products the term finds. */
  categories: z.array(z.string()),
  origin: z.enum(vocabularyOrigins),
  /** false: a built-in entry the admins switched off. */
  active: z.boolean(),
  /** The built-in entry's stable name in the file; null for the admins' own. */
  baseKey: z.string().nullable(),
  /** When the admins last changed it; null for a built-in entry as the file writes it. */
  updatedAt: isoTime.nullable(),
});
export type VocabularyEntry = z.infer<typeof vocabularyEntry>;

const url = '/api/admin/search-vocabulary';
const admin = adminResource(url, vocabularyEntry);
const move = movesOf(`${url}/:id`, vocabularyEntry);

/** Issue [17]: the words the search understands, the project's and the admins'. */
export const searchVocabularyApi = api('vocabolario della ricerca', {
  list: admin.list('Le voci del vocabolario della ricerca, predefinite e aggiunte, con ordinamento, filtri (q, origin, active, category) e intervallo (Content-Range)'),
  show: admin.get('Una voce del vocabolario della ricerca'),
  create: post(
    url,
    'Aggiunge una voce al vocabolario: un termine con i suoi sinonimi, le parole più specifiche e le categorie che trova',
    { 201: vocabularyEntry },
    { body: vocabularyEntryInput },
  ),
  update: admin.update(
    'Cambia una voce (anche predefinita): vale dalla ricerca successiva; react-admin manda il record intero, si leggono termine, sinonimi, parole più specifiche e categorie',
    vocabularyEntryInput,
  ),
  remove: admin.delete('Toglie una voce dalla ricerca: una aggiunta sparisce, una predefinita resta disattivata e si può ripristinare; risponde il record com’era'),
  restore: move('restore', 'Riporta una voce predefinita com’è nel vocabolario del progetto, annullando modifiche e disattivazione'),
});
