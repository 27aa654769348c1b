import { describe, it } from 'vitest';
import { DomainError } from '../../platform/domain/errors.js';
import { deciderSpec } from '../../platform/testing/decider-spec.js';
import { contactDecider, contactNotFound, type ContactEvent } from './contact.js';

const fields = {
  name: 'Lucia Neri',
  email: 'lucia@esempio.it',
  subject: 'Aprire un negozio',
  message: 'Come posso iscrivere la mia bottega?',
  phone: null,
  company: 'Bottega Neri',
};
const submitted: ContactEvent = { type: 'ContactSubmitted', data: { id: 'c1', ...fields } };
const read: ContactEvent = { type: 'ContactRead', data: {} };
const replied: ContactEvent = { type: 'ContactReplied', data: { message: 'Benvenuta!', repliedByUserId: 'admin-1' } };
const closed: ContactEvent = { type: 'ContactClosed', data: {} };

describe('a contact message', () => {
  const spec = deciderSpec(contactDecider);

  it('is submitted once, whatever a repeated command says', () => {
    spec.given([]).when({ type: 'SubmitContact', id: 'c1', fields }).then([submitted]);
    spec.given([submitted]).when({ type: 'SubmitContact', id: 'c1', fields }).thenNothing();
  });

  it('expires once its time is kept (privacy/retention.ts): then it is gone, and expiring it again changes nothing', () => {
    const expired: ContactEvent = { type: 'ContactExpired', data: {} };
    spec.given([submitted, closed]).when({ type: 'ExpireContact' }).then([expired]);
    spec.given([submitted, expired]).when({ type: 'ExpireContact' }).thenNothing();
    spec.given([submitted, expired]).when({ type: 'MarkContactRead' }).thenThrows(DomainError, { kind: 'not-found', message: contactNotFound });
  });

  it('is read once: opening it again, answered or closed, changes nothing', () => {
    spec.given([submitted]).when({ type: 'MarkContactRead' }).then([read]);
    spec.given([submitted, read]).when({ type: 'MarkContactRead' }).thenNothing();
    spec.given([submitted, replied]).when({ type: 'MarkContactRead' }).thenNothing();
    spec.given([submitted, closed]).when({ type: 'MarkContactRead' }).thenNothing();
  });

  it('is answered as often as needed while open, never once closed', () => {
    const reply = { type: 'ReplyToContact' as const, message: 'Benvenuta!', repliedByUserId: 'admin-1' };
    spec.given([submitted]).when(reply).then([replied]);
    spec.given([submitted, read, replied]).when(reply).then([replied]);
    spec.given([submitted, read, closed]).when(reply).thenThrows(DomainError, { kind: 'conflict', message: 'Il messaggio è chiuso: non si può più rispondere.' });
  });

  it('is closed once', () => {
    spec.given([submitted, read]).when({ type: 'CloseContact' }).then([closed]);
    spec.given([submitted]).when({ type: 'CloseContact' }).then([closed]);
    spec.given([submitted, closed]).when({ type: 'CloseContact' }).thenThrows(DomainError, { kind: 'conflict', message: 'Il messaggio è già chiuso.' });
  });

  it('keeps the admin’s notes, recording only a change, even once closed', () => {
    spec
      .given([submitted])
      .when({ type: 'NoteContact', adminNotes: 'Richiamare lunedì' })
      .then([{ type: 'ContactNoted', data: { adminNotes: 'Richiamare lunedì' } }]);
    spec
      .given([submitted, { type: 'ContactNoted', data: { adminNotes: 'Richiamare' } }])
      .when({ type: 'NoteContact', adminNotes: 'Richiamare' })
      .thenNothing();
    spec
      .given([submitted, closed])
      .when({ type: 'NoteContact', adminNotes: 'Fatto' })
      .then([{ type: 'ContactNoted', data: { adminNotes: 'Fatto' } }]);
  });

  it('that was never sent is not found', () => {
    spec.given([]).when({ type: 'CloseContact' }).thenThrows(DomainError, { kind: 'not-found', message: contactNotFound });
  });
});
