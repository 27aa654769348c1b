import type { Messages } from '../../../app/feature';

/** The back office's Italian names of the shops linked to Google and their fields. */
export const messages = {
  resources: {
    'google-places': {
      name: 'Negozio su Google |||| Negozi su Google',
      fields: {
        id: 'Negozio',
        storeName: 'Negozio',
        storeSlug: 'Indirizzo della pagina',
        placeId: 'Luogo su Google',
        linkedAt: 'Collegato il',
        rating: 'Valutazione su Google',
        reviewCount: 'Recensioni su Google',
        fetchedAt: 'Dati di Google del',
      },
    },
  },
} satisfies Messages;
