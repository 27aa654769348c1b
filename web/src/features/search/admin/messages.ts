import type { Messages } from '../../../app/feature';

/** The back office's Italian names of the feature's resources and their fields (react-admin's `resources.<name>`). */
export const messages = {
  resources: {
    'search-vocabulary': {
      name: 'Voce del vocabolario |||| Vocabolario della ricerca',
      fields: {
        term: 'Termine',
        synonyms: 'Sinonimi',
        narrower: 'Parole più specifiche',
        categories: 'Categorie',
        origin: 'Origine',
        active: 'Attiva',
        baseKey: 'Nome nel vocabolario del progetto',
        updatedAt: 'Modificata il',
      },
    },
  },
} satisfies Messages;
