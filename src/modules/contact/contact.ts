import type { Decider, DomainEvent } from '../../platform/domain/decider.js';
import { DomainError } from '../../platform/domain/errors.js';

export const contactStreamId = (id: string): string => `contact-submission-${id}`;

/** Spec §3 contact_submissions: where a message stands in the admin's inbox. */
export const contactStatuses = ['new', 'read', 'replied', 'closed'] as const;
export type ContactStatus = (typeof contactStatuses)[number];

/** What a visitor writes on /contatti (phone and company may be empty). */
export interface ContactFields {
  name: string;
  email: string;
  subject: string;
  message: string;
  phone: string | null;
  company: string | null;
}

export type ContactCommand =
  | { type: 'SubmitContact'; id: string; fields: ContactFields }
  | { type: 'MarkContactRead' }
  | { type: 'NoteContact'; adminNotes: string }
  | { type: 'ReplyToContact'; message: string; repliedByUserId: string }
  | { type: 'CloseContact' }
  /** The privacy's retention (issue [21]): two years after its last change, the message goes (its key deleted, its row too). */
  | { type: 'ExpireContact' };

export type ContactEvent =
  | DomainEvent<'ContactSubmitted', { id: string } & ContactFields>
  | DomainEvent<'ContactRead', Record<string, never>>
  | DomainEvent<'ContactNoted', { adminNotes: string }>
  | DomainEvent<'ContactReplied', { message: string; repliedByUserId: string }>
  | DomainEvent<'ContactClosed', Record<string, never>>
  | DomainEvent<'ContactExpired', Record<string, never>>;

export type ContactState = { exists: false } | { exists: true; status: ContactStatus; adminNotes: string; fields: ContactFields };

export const contactNotFound = 'Messaggio di contatto non trovato.';

/**
 * A visitor's message in the admin's inbox: new until opened, then read; answered (replied, as
 * often as needed) until closed. A closed message takes no reply and is not closed twice; notes
 * may be written at any time.
 */
export const contactDecider: Decider<ContactCommand, ContactEvent, ContactState> = {
  initialState: { exists: false },
  decide(command, state) {
    if (command.type === 'SubmitContact') {
      if (state.exists) return [];
      return [{ type: 'ContactSubmitted', data: { id: command.id, ...command.fields } }];
    }
    // Expired already (another upkeep took it first): nothing more to do.
    if (!state.exists && command.type === 'ExpireContact') return [];
    if (!state.exists) throw new DomainError(contactNotFound, 'not-found');
    switch (command.type) {
      case 'MarkContactRead':
        // Opening a message already read, answered or closed changes nothing.
        return state.status === 'new' ? [{ type: 'ContactRead', data: {} }] : [];
      case 'NoteContact':
        return command.adminNotes === state.adminNotes ? [] : [{ type: 'ContactNoted', data: { adminNotes: command.adminNotes } }];
      case 'ReplyToContact':
        if (state.status === 'closed') throw new DomainError('Il messaggio è chiuso: non si può più rispondere.', 'conflict');
        return [{ type: 'ContactReplied', data: { message: command.message, repliedByUserId: command.repliedByUserId } }];
      case 'CloseContact':
        if (state.status === 'closed') throw new DomainError('Il messaggio è già chiuso.', 'conflict');
        return [{ type: 'ContactClosed', data: {} }];
      case 'ExpireContact':
        return [{ type: 'ContactExpired', data: {} }];
    }
  },
  evolve(state, event) {
    if (event.type === 'ContactSubmitted') {
      const { id: _id, ...fields } = event.data;
      return { exists: true, status: 'new', adminNotes: '', fields };
    }
    if (!state.exists) return state;
    switch (event.type) {
      case 'ContactRead':
        return { ...state, status: 'read' };
      case 'ContactNoted':
        return { ...state, adminNotes: event.data.adminNotes };
      case 'ContactReplied':
        return { ...state, status: 'replied' };
      case 'ContactClosed':
        return { ...state, status: 'closed' };
      case 'ContactExpired':
        return { exists: false };
    }
  },
};
