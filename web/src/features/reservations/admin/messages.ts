import type { Messages } from '../../../app/feature';

/** The back office's Italian names of a reservation's fields, as its history (Cronologia) shows them. */
export const messages = {
  resources: {
    reservations: {
      name: 'Prenotazione |||| Prenotazioni',
      fields: {
        reservation: 'Prenotazione',
        reservationId: 'Prenotazione',
        productName: 'Prodotto',
        quantity: 'Quantità',
        reservationDate: 'Da ritirare il',
        preferredPickupTime: 'Ora di ritiro preferita',
        customerName: 'Cliente',
        customerPhone: 'Telefono del cliente',
        customerEmail: 'E-mail del cliente',
        notes: 'Note del cliente',
        shopkeeperNotes: 'Note del negozio',
        by: 'Annullata da',
        reason: 'Motivo',
        expired: 'Scaduta',
      },
    },
  },
} satisfies Messages;
