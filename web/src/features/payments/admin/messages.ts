import type { Messages } from '../../../app/feature';

/** The back office's Italian names of the feature's resources and their fields (react-admin's `resources.<name>`). */
export const messages = {
  resources: {
    payments: {
      name: 'Pagamento |||| Pagamenti',
      fields: {
        id: 'Identificativo',
        createdAt: 'Data',
        username: 'Utente',
        userId: 'Utente',
        transactionType: 'Tipo',
        description: 'Descrizione',
        amount: 'Importo',
        currency: 'Valuta',
        paymentMethod: 'Metodo',
        paymentProvider: 'Fornitore',
        providerTransactionId: 'ID del fornitore',
        status: 'Stato',
        failureReason: 'Motivo',
        metadata: 'Per cosa (metadati)',
        completedAt: 'Completato il',
        refundedAt: 'Rimborsato il',
        refundedAmount: 'Rimborsato finora',
        createdAt_gte: 'Dal',
        createdAt_lte: 'Al',
      },
    },
    'payment-settings': {
      name: 'Impostazioni dei pagamenti',
      fields: {
        sandboxEnabled: 'Pagamenti di prova (nessun addebito reale)',
        currency: 'Valuta',
        stripePublishableKey: 'Chiave pubblicabile Stripe',
        stripeSecretKey: 'Chiave segreta Stripe',
        stripeWebhookSecret: 'Segreto del webhook Stripe',
        paypalClientId: 'Client ID PayPal',
        paypalClientSecret: 'Secret PayPal',
        paypalWebhookId: 'ID del webhook PayPal',
        paypalMode: 'Modalità PayPal',
      },
    },
  },
} satisfies Messages;
