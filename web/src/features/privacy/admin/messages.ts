import type { Messages } from '../../../app/feature';

/** The back office's Italian names of the feature's resources and their fields (react-admin's `resources.<name>`). */
export const messages = {
  resources: {
    erasures: {
      name: 'Cancellazione dei dati |||| Cancellazioni dati',
      fields: {
        id: 'Persona',
        name: 'Nome',
        role: 'Ruolo',
        requestedBy: 'Chiesta',
        status: 'Stato',
        requestedAt: 'Chiesta il',
        dueAt: 'Scadenza',
        openOrders: 'Ordini aperti',
        keysErased: 'Chiavi eliminate',
        carriedOutAt: 'Eseguita il',
        completedAt: 'Completata il',
        late: 'In ritardo',
        userId: 'Persona',
        by: 'Chiesta da',
        since: 'In attesa dal',
        keys: 'Chiavi eliminate',
        readModels: 'Viste di lettura ricostruite',
      },
    },
  },
} satisfies Messages;
