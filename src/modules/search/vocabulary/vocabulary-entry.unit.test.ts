import { describe, expect, it } from 'vitest';
import { DomainError } from '../../../platform/domain/errors.js';
import { deciderSpec } from '../../../platform/testing/decider-spec.js';
import { retailCategories } from '../../catalog/categories.js';
import { checkVocabularyFields, vocabularyEntryDecider, type BaseEntry, type VocabularyEntryEvent, type VocabularyEntryFields } from './vocabulary-entry.js';
import { baseVocabulary } from './vocabulary.it.js';

const spec = deciderSpec(vocabularyEntryDecider);
const id = '0d6f1f0e-6b7a-4d57-9d0b-0f6b3a1c2e11';
const fields: VocabularyEntryFields = { term: 'cose da spiaggia', synonyms: ['articoli da mare'], narrower: ['ombrellone', 'telo mare'], categories: ['sport'] };
const base: BaseEntry = { key: 'pasta', fields: { term: 'pasta', synonyms: [], narrower: ['spaghetti', 'penne rigate'], categories: [] } };
const added: VocabularyEntryEvent = { type: 'SearchVocabularyEntryAdded', data: { id, fields } };

describe('an admin’s vocabulary entry', () => {
  it('is added once, changed, removed; a removed one is gone', () => {
    spec.given([]).when({ type: 'AddVocabularyEntry', id, fields }).then([added]);
    spec.given([added]).when({ type: 'AddVocabularyEntry', id, fields }).thenNothing();
    const changed = { ...fields, narrower: ['ombrellone', 'sdraio'] };
    spec
      .given([added])
      .when({ type: 'ChangeVocabularyEntry', id, base: null, fields: changed })
      .then([{ type: 'SearchVocabularyEntryChanged', data: { id, baseKey: null, fields: changed } }]);
    spec.given([added]).when({ type: 'ChangeVocabularyEntry', id, base: null, fields }).thenNothing();
    const removed: VocabularyEntryEvent = { type: 'SearchVocabularyEntryRemoved', data: { id, baseKey: null, fields } };
    spec.given([added]).when({ type: 'RemoveVocabularyEntry', id, base: null }).then([removed]);
    spec.given([added, removed]).when({ type: 'RemoveVocabularyEntry', id, base: null }).thenNothing();
    spec
      .given([added, removed])
      .when({ type: 'ChangeVocabularyEntry', id, base: null, fields })
      .thenThrows(DomainError, { kind: 'not-found', message: 'Voce del vocabolario non trovata.' });
    spec.given([]).when({ type: 'ChangeVocabularyEntry', id, base: null, fields }).thenThrows(DomainError, { kind: 'not-found' });
    spec.given([]).when({ type: 'RemoveVocabularyEntry', id, base: null }).thenThrows(DomainError, { kind: 'not-found' });
    spec
      .given([added])
      .when({ type: 'RestoreVocabularyEntry', id, base: null })
      .thenThrows(DomainError, { kind: 'rule', message: 'Solo una voce predefinita torna com’era: questa l’ha aggiunta l’amministrazione.' });
  });

  it('refuses, in Italian and naming the field, what the read model and the search cannot use', () => {
    const refused = (changes: Partial<VocabularyEntryFields>, field: string, message: string) =>
      spec
        .given([])
        .when({ type: 'AddVocabularyEntry', id, fields: { ...fields, ...changes } })
        .thenThrows(DomainError, { kind: 'rule', message, errors: { [field]: message } });
    refused({ term: '' }, 'term', 'Termine: una parola non può essere vuota.');
    refused({ term: ' pasta' }, 'term', 'Termine: « pasta» ha spazi in più all’inizio, alla fine o tra le parole.');
    refused({ term: 'a'.repeat(61) }, 'term', 'Termine: «aaaaaaaaaaaaaaaaaaaa…» supera i 60 caratteri.');
    refused(
      { narrower: ['ombrellone', '<b>telo</b>'] },
      'narrower',
      'Parole più specifiche: «<b>telo</b>» può contenere solo lettere, cifre, spazi, apostrofi, trattini, punti, «&» e «+».',
    );
    refused({ synonyms: Array.from({ length: 51 }, (_, i) => `parola${i}`) }, 'synonyms', 'Sinonimi: al massimo 50.');
    refused({ narrower: Array.from({ length: 301 }, (_, i) => `parola${i}`) }, 'narrower', 'Parole più specifiche: al massimo 300.');
    refused({ narrower: ['Ombrellone', 'ombrellone'] }, 'narrower', '«ombrellone» è scritta due volte: scrivila una volta sola.');
    refused({ synonyms: ['Cose da spiaggia'] }, 'synonyms', '«Cose da spiaggia» è scritta due volte: scrivila una volta sola.');
    refused({ categories: ['gelateria'] }, 'categories', 'Categoria «gelateria» sconosciuta: scegline una delle categorie dei negozi.');
    refused({ categories: ['sport', 'sport'] }, 'categories', 'Categorie: ognuna una volta sola.');
    refused({ categories: retailCategories.slice(0, 6).map((c) => c.slug) }, 'categories', 'Categorie: al massimo 5.');
    refused(
      { synonyms: [], narrower: [], categories: [] },
      'synonyms',
      'Aggiungi almeno un sinonimo, una parola più specifica o una categoria: altrimenti la voce non cambia la ricerca.',
    );
    // Apostrophes, accents, hyphens and digits are words as people write them.
    spec
      .given([])
      .when({ type: 'AddVocabularyEntry', id, fields: { ...fields, narrower: ["nero d'avola", 'caffè', 'usb-c', 'e27', 'sant’agata'] } })
      .then([{ type: 'SearchVocabularyEntryAdded', data: { id, fields: { ...fields, narrower: ["nero d'avola", 'caffè', 'usb-c', 'e27', 'sant’agata'] } } }]);
  });
});

describe('a built-in vocabulary entry', () => {
  const changed = { ...base.fields, narrower: ['spaghetti', 'bavette'] };
  const change: VocabularyEntryEvent = { type: 'SearchVocabularyEntryChanged', data: { id, baseKey: 'pasta', fields: changed } };
  const removed: VocabularyEntryEvent = { type: 'SearchVocabularyEntryRemoved', data: { id, baseKey: 'pasta', fields: base.fields } };

  it('is changed, switched off and restored as the file writes it, by its stable id', () => {
    spec.given([]).when({ type: 'ChangeVocabularyEntry', id, base, fields: changed }).then([change]);
    spec.given([]).when({ type: 'ChangeVocabularyEntry', id, base, fields: base.fields }).thenNothing();
    spec.given([]).when({ type: 'RemoveVocabularyEntry', id, base }).then([removed]);
    spec
      .given([change])
      .when({ type: 'RemoveVocabularyEntry', id, base })
      .then([{ type: 'SearchVocabularyEntryRemoved', data: { id, baseKey: 'pasta', fields: changed } }]);
    // Switched off, a change brings it back as changed, even to the file's own words.
    spec
      .given([removed])
      .when({ type: 'ChangeVocabularyEntry', id, base, fields: base.fields })
      .then([{ type: 'SearchVocabularyEntryChanged', data: { id, baseKey: 'pasta', fields: base.fields } }]);
    const restored: VocabularyEntryEvent = { type: 'SearchVocabularyEntryRestored', data: { id, baseKey: 'pasta', term: 'pasta' } };
    spec.given([change]).when({ type: 'RestoreVocabularyEntry', id, base }).then([restored]);
    spec.given([removed]).when({ type: 'RestoreVocabularyEntry', id, base }).then([restored]);
    spec.given([]).when({ type: 'RestoreVocabularyEntry', id, base }).thenNothing();
    spec.given([change, restored]).when({ type: 'RestoreVocabularyEntry', id, base }).thenNothing();
    spec
      .given([])
      .when({ type: 'ChangeVocabularyEntry', id, base, fields: { ...changed, categories: ['pasta'] } })
      .thenThrows(DomainError, { kind: 'rule' });
  });
});

describe('the base vocabulary', () => {
  it('holds only entries an admin could write, each key once, and is broad', () => {
    for (const entry of baseVocabulary) {
      expect(() => checkVocabularyFields(entry), entry.term).not.toThrow();
    }
    expect(new Set(baseVocabulary.map((e) => e.key)).size).toBe(baseVocabulary.length);
    expect(baseVocabulary.length).toBeGreaterThanOrEqual(120);
  });

  it('gives every retail category the words that mean it', () => {
    const meant = new Set(baseVocabulary.flatMap((e) => e.categories));
    expect(retailCategories.map((c) => c.slug).filter((slug) => slug !== 'general' && !meant.has(slug))).toEqual([]);
  });
});
