import type { Messages } from '../../../app/feature';

/** The back office's Italian names of the feature's resources and their fields (react-admin's `resources.<name>`). */
export const messages = {
  resources: {
    credits: {
      name: 'Crediti AI |||| Crediti AI',
      fields: {
        id: 'Utente',
        username: 'Utente',
        name: 'Nome',
        role: 'Ruolo',
        balance: 'Saldo',
        totalPurchased: 'Acquistati',
        totalUsed: 'Usati',
        lastActivity: 'Ultimo movimento',
        q: 'Cerca',
      },
    },
    'credit-movements': {
      name: 'Movimento dei crediti |||| Movimenti crediti',
      fields: {
        id: 'Identificativo',
        at: 'Quando',
        userId: 'Utente',
        username: 'Utente',
        kind: 'Tipo',
        credits: 'Crediti',
        action: 'Funzione AI',
        description: 'Descrizione',
        used: 'Usati',
      },
    },
  },
} satisfies Messages;
