import type { Messages } from '../../../app/feature';

/** What a shop's product and its shared catalogue entry both have, in the same words. */
export const catalogueEntryFields = {
  id: 'Identificativo',
  name: 'Nome',
  description: 'Descrizione',
  imageUrl: 'Immagine',
  category: 'Categoria',
  sku: 'Codice articolo',
  barcode: 'Codice a barre',
  status: 'Stato',
  featured: 'In evidenza',
};

/** The back office's Italian names of the feature's resources and their fields (react-admin's `resources.<name>`). */
export const messages = {
  resources: {
    products: {
      name: 'Prodotto |||| Prodotti',
      fields: {
        ...catalogueEntryFields,
        price: 'Prezzo',
        stockQuantity: 'Magazzino',
        onSale: 'In offerta',
        priceSince: 'Prezzo in vigore dal',
        lowestPrice30Days: 'Prezzo più basso dei 30 giorni precedenti',
        storeId: 'Negozio',
        storeName: 'Negozio',
        globalProductId: 'Catalogo condiviso',
        createdAt: 'Creato il',
        updatedAt: 'Aggiornato il',
        q: 'Cerca',
      },
    },
    'product-sales': {
      name: 'Offerta senza ribasso |||| Offerte senza ribasso',
      fields: {
        id: 'Identificativo',
        name: 'Prodotto',
        reason: 'Perché',
        price: 'Prezzo',
        lowestPrice30Days: 'Minimo dei 30 giorni precedenti',
        priceSince: 'Prezzo dal',
        storeId: 'Negozio',
        storeName: 'Negozio',
        category: 'Categoria',
        q: 'Cerca',
      },
    },
  },
} satisfies Messages;
