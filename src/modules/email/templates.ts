import type { Decider, DomainEvent } from '../../platform/domain/decider.js';
import { DomainError } from '../../platform/domain/errors.js';
import { changedFields } from '../../platform/domain/settings.js';

export const emailTemplateStreamId = (id: string): string => `email-template-${id}`;

export const templateTypes = ['system', 'transactional', 'notification', 'marketing'] as const;
export type TemplateType = (typeof templateTypes)[number];

/** Spec §3 email_templates. Subject and contents hold `{{variable}}` marks (render.ts). */
export interface EmailTemplateFields {
  name: string;
  subject: string;
  htmlContent: string;
  textContent: string;
  isActive: boolean;
  templateType: TemplateType;
}

export type EmailTemplateCommand =
  | { type: 'CreateEmailTemplate'; id: string; fields: EmailTemplateFields }
  | { type: 'ChangeEmailTemplate'; changes: Partial<Omit<EmailTemplateFields, 'name'>> & { name?: string } }
  | { type: 'DeleteEmailTemplate' };

export type EmailTemplateEvent =
  | DomainEvent<'EmailTemplateCreated', { id: string; fields: EmailTemplateFields }>
  | DomainEvent<'EmailTemplateChanged', { changes: Partial<EmailTemplateFields> }>
  | DomainEvent<'EmailTemplateDeleted', Record<string, never>>;

export type EmailTemplateState = { exists: false } | ({ exists: true; deleted: boolean } & EmailTemplateFields);

export const emailTemplateDecider: Decider<EmailTemplateCommand, EmailTemplateEvent, EmailTemplateState> = {
  initialState: { exists: false },
  decide(command, state) {
    if (command.type === 'CreateEmailTemplate') {
      if (state.exists) return [];
      return [{ type: 'EmailTemplateCreated', data: { id: command.id, fields: command.fields } }];
    }
    if (!state.exists || state.deleted) throw new DomainError('Modello di e-mail non trovato.', 'not-found');
    if (command.type === 'DeleteEmailTemplate') return [{ type: 'EmailTemplateDeleted', data: {} }];
    const changes = changedFields<EmailTemplateFields>(state, command.changes);
    return Object.keys(changes).length ? [{ type: 'EmailTemplateChanged', data: { changes } }] : [];
  },
  evolve(state, event) {
    switch (event.type) {
      case 'EmailTemplateCreated':
        return { exists: true, deleted: false, ...event.data.fields };
      case 'EmailTemplateChanged':
        return state.exists ? { ...state, ...event.data.changes } : state;
      case 'EmailTemplateDeleted':
        return state.exists ? { ...state, deleted: true } : state;
    }
  },
};
