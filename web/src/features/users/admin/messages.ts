import type { Messages } from '../../../app/feature';

/** The back office's Italian names of the feature's resources and their fields (react-admin's `resources.<name>`). */
export const messages = {
  resources: {
    users: {
      name: 'Utente |||| Utenti',
      fields: {
        priceComparison: 'Confronto prezzi',
        enabled: 'Attivo',
        expiresAt: 'Scade il',
        id: 'Identificativo',
        username: 'Nome utente',
        name: 'Nome',
        email: 'Email',
        role: 'Ruolo',
        status: 'Stato',
        reason: 'Motivo',
        by: 'Chi',
        format: 'File',
        priceComparisonEnabled: 'Confronto prezzi attivo',
        priceComparisonExpiresAt: 'Confronto prezzi fino al',
        createdAt: 'Registrato il',
        updatedAt: 'Aggiornato il',
        q: 'Cerca',
      },
    },
  },
} satisfies Messages;
