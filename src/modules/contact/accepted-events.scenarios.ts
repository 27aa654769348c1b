import { randomUUID } from 'node:crypto';
import { scenario, worldIds } from '../../platform/testing/accepted-events.js';
import { contactDecider, contactStreamId, type ContactCommand } from './contact.js';

const id = randomUUID();

export const scenarios = [
  scenario<ContactCommand>(
    'contact messages',
    contactStreamId(id),
    contactDecider,
    [
      {
        type: 'SubmitContact',
        id,
        fields: { name: 'Giulia Rossi', email: 'giulia@esempio.it', subject: 'Informazioni', message: 'Come apro un negozio?', phone: '+39 333 7654321', company: 'Rossi srl' },
      },
    ],
    [
      { type: 'MarkContactRead' },
      { type: 'NoteContact', adminNotes: 'Richiamare lunedì' },
      { type: 'ReplyToContact', message: 'Ecco come fare', repliedByUserId: worldIds.admin },
      { type: 'CloseContact' },
      { type: 'ExpireContact' },
    ],
  ),
  scenario<ContactCommand>(
    'new contact messages',
    contactStreamId(randomUUID()),
    contactDecider,
    [],
    [
      {
        type: 'SubmitContact',
        id: randomUUID(),
        fields: { name: 'Giulia Rossi', email: 'giulia@esempio.it', subject: 'Informazioni', message: 'Come apro un negozio?', phone: null, company: null },
      },
    ],
  ),
];
