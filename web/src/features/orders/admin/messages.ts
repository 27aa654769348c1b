import type { Messages } from '../../../app/feature';

/** The back office's Italian names of the feature's resources and their fields (react-admin's `resources.<name>`). */
export const messages = {
  resources: {
    orders: {
      name: 'Ordine |||| Ordini',
      fields: {
        collaboratorId: 'Collaboratore',
        collaboratorName: 'Collaboratore',
        deadline: 'Da consegnare entro',
        deliveryCode: 'Codice di consegna',
        taskId: 'Consegna (attività)',
        paymentId: 'Pagamento',
        kind: 'Quale codice',
        tries: 'Tentativi',
        id: 'Numero',
        userId: 'Cliente',
        storeId: 'Negozio',
        storeName: 'Negozio',
        status: 'Stato',
        paymentStatus: 'Pagamento',
        paymentMethod: 'Metodo di pagamento',
        subtotal: 'Subtotale',
        shippingCost: 'Spedizione',
        total: 'Totale',
        deliveryType: 'Consegna',
        deliveryAddress: 'Indirizzo di consegna',
        pickupTime: 'Ritiro',
        customerName: 'Cliente',
        customerPhone: 'Telefono',
        customerEmail: 'Email',
        notes: 'Note',
        cancelReason: "Motivo dell'annullamento",
        itemCount: 'Articoli',
        createdAt: 'Effettuato il',
        updatedAt: 'Aggiornato il',
        q: 'Cerca',
      },
    },
  },
} satisfies Messages;
