import { describe, it } from 'vitest';
import { DomainError } from '../../platform/domain/errors.js';
import { deciderSpec } from '../../platform/testing/decider-spec.js';
import { seededTemplates } from './seed-templates.js';
import { emailTemplateDecider, type EmailTemplateEvent } from './templates.js';

describe('e-mail templates', () => {
  const spec = deciderSpec(emailTemplateDecider);

  it('record only the fields that change, and refuse changes to a deleted one', () => {
    const created = { type: 'EmailTemplateCreated' as const, data: { id: 'a', fields: seededTemplates[0]! } };
    spec
      .given([created])
      .when({ type: 'ChangeEmailTemplate', changes: { subject: seededTemplates[0]!.subject, isActive: false } })
      .then([{ type: 'EmailTemplateChanged', data: { changes: { isActive: false } } }]);
    spec
      .given([created, { type: 'EmailTemplateDeleted', data: {} }])
      .when({ type: 'ChangeEmailTemplate', changes: { isActive: false } })
      .thenThrows(DomainError, { kind: 'not-found' });
  });

  const fields = seededTemplates[0]!;
  const created: EmailTemplateEvent = { type: 'EmailTemplateCreated', data: { id: 'a', fields } };
  const deleted: EmailTemplateEvent = { type: 'EmailTemplateDeleted', data: {} };
  const notFound = { kind: 'not-found', message: 'Modello di e-mail non trovato.' } as const;

  it('are created once: the same creation again records nothing', () => {
    spec.given([]).when({ type: 'CreateEmailTemplate', id: 'a', fields }).then([created]);
    spec
      .given([created])
      .when({ type: 'CreateEmailTemplate', id: 'a', fields: { ...fields, subject: 'Altro' } })
      .thenNothing();
  });

  it('record nothing when nothing changes', () => {
    spec
      .given([created])
      .when({ type: 'ChangeEmailTemplate', changes: { subject: fields.subject } })
      .thenNothing();
    spec.given([created]).when({ type: 'ChangeEmailTemplate', changes: {} }).thenNothing();
  });

  it('are deleted once; a template never created or deleted is not found', () => {
    spec.given([created]).when({ type: 'DeleteEmailTemplate' }).then([deleted]);
    spec.given([created, deleted]).when({ type: 'DeleteEmailTemplate' }).thenThrows(DomainError, notFound);
    spec.given([]).when({ type: 'DeleteEmailTemplate' }).thenThrows(DomainError, notFound);
    spec
      .given([])
      .when({ type: 'ChangeEmailTemplate', changes: { isActive: false } })
      .thenThrows(DomainError, notFound);
  });
});
