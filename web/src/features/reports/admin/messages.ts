import type { Messages } from '../../../app/feature';

/** The back office's Italian names of the feature's resources and their fields (react-admin's `resources.<name>`). */
export const messages = {
  resources: {
    reports: {
      name: 'Segnalazione |||| Segnalazioni',
      fields: {
        id: 'Identificativo',
        assignmentId: 'Incarico',
        assignmentDescription: 'Incarico',
        reportedByName: 'Inviata da',
        reporterRole: 'Parte',
        shopkeeperName: 'Negoziante',
        collaboratorName: 'Collaboratore',
        storeName: 'Negozio',
        reportType: 'Tipo',
        title: 'Titolo',
        description: 'Descrizione',
        severity: 'Gravità',
        status: 'Stato',
        adminResponse: 'Risposta dell’amministrazione',
        resolutionAction: 'Azione risolutiva',
        refundAmount: 'Rimborso',
        refundStatus: 'Stato del rimborso',
        createdAt: 'Inviata il',
        investigatedAt: 'In verifica dal',
        resolvedAt: 'Risolta il',
        closedAt: 'Chiusa il',
        updatedAt: 'Aggiornata il',
        timeline: 'Cronologia',
        q: 'Cerca',
      },
    },
  },
} satisfies Messages;
