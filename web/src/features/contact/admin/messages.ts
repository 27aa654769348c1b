import type { Messages } from '../../../app/feature';

/** The back office's Italian names of the feature's resources and their fields (react-admin's `resources.<name>`). */
export const messages = {
  resources: {
    'contact-submissions': {
      name: 'Messaggio di contatto |||| Messaggi di contatto',
      fields: {
        id: 'Identificativo',
        name: 'Nome',
        email: 'Email',
        phone: 'Telefono',
        company: 'Azienda',
        subject: 'Oggetto',
        message: 'Messaggio',
        status: 'Stato',
        adminNotes: 'Note',
        replyMessage: 'Ultima risposta',
        repliedAt: 'Risposto il',
        repliedBy: 'Risposto da',
        repliedByUserId: 'Risposto da',
        createdAt: 'Ricevuto il',
        updatedAt: 'Aggiornato il',
        q: 'Cerca',
      },
    },
  },
} satisfies Messages;
