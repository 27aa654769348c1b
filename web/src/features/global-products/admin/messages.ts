import type { Messages } from '../../../app/feature';
import { catalogueEntryFields } from '../../products/admin/messages';

/** The back office's Italian names of the feature's resources and their fields (react-admin's `resources.<name>`). */
export const messages = {
  resources: {
    'global-products': {
      name: 'Prodotto condiviso |||| Catalogo condiviso',
      fields: {
        ...catalogueEntryFields,
        basePrice: 'Prezzo base',
        isPopular: 'Popolare',
        storeCount: 'Negozi che lo usano',
        totalUsage: 'Utilizzi',
        popularityScore: 'Popolarità',
        lastUsed: 'Ultimo utilizzo',
        originalStoreId: 'Negozio di origine',
        createdAt: 'Creato il',
        q: 'Cerca',
      },
    },
  },
} satisfies Messages;
