import type pg from 'pg';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useProjection } from '../../../tests/support/projection.js';
import { EventLog } from '../../platform/testing/projection-spec.js';
import { emailSettingsProjection, emailTemplatesProjection } from './projection.js';
import { readEmailSettings } from './queries.js';
import { seededTemplates } from './seed-templates.js';
import { emailSettingsDecider, emailSettingsStreamId } from './settings.js';
import { emailTemplateDecider, emailTemplateStreamId } from './templates.js';
import { emailTriggersProjection, rowsByIdIn } from './triggers.js';

describe('email-settings projection', () => {
  const spec = useProjection(emailSettingsProjection);
  const log = new EventLog();

  it('keeps one row with the fields changed from the spec’s defaults', async () => {
    await spec.apply([
      ...log.decide(emailSettingsStreamId, emailSettingsDecider, {
        type: 'UpdateEmailSettings',
        changes: { host: 'smtp.esempio.it', fromAddress: 'ciao@esempio.it', password: 'segreta' },
      }),
      ...log.decide(emailSettingsStreamId, emailSettingsDecider, { type: 'UpdateEmailSettings', changes: { isEnabled: true, port: 465, secure: true } }),
    ]);
    expect(await readEmailSettings(spec.db)).toMatchObject({ host: 'smtp.esempio.it', port: 465, secure: true, isEnabled: true, password: 'segreta', maxEmailsPerHour: 100 });
  });
});

describe('email-templates projection', () => {
  const spec = useProjection(emailTemplatesProjection);
  const log = new EventLog();

  it('keeps each template as created and changed, and forgets a deleted one', async () => {
    const [a, b] = [randomUUID(), randomUUID()];
    await spec.apply([
      ...log.decide(emailTemplateStreamId(a), emailTemplateDecider, { type: 'CreateEmailTemplate', id: a, fields: seededTemplates[0]! }),
      ...log.decide(emailTemplateStreamId(b), emailTemplateDecider, { type: 'CreateEmailTemplate', id: b, fields: seededTemplates[1]! }),
      ...log.decide(emailTemplateStreamId(a), emailTemplateDecider, { type: 'ChangeEmailTemplate', changes: { subject: 'Ciao {{name}}', isActive: false } }),
      ...log.decide(emailTemplateStreamId(b), emailTemplateDecider, { type: 'DeleteEmailTemplate' }),
    ]);
    expect(await spec.rows('SELECT id, name, subject, is_active FROM email_templates')).toEqual([{ id: a, name: 'benvenuto', subject: 'Ciao {{name}}', is_active: false }]);
  });
});

describe('email-triggers', () => {
  const spec = useProjection(emailTriggersProjection);
  const log = new EventLog(new Date(Date.now() - 60_000));

  const registration = (email: string, options = {}) =>
    log.record(
      `user-${randomUUID()}`,
      [{ type: 'UserRegistered', data: { userId: randomUUID(), username: 'anna', name: 'Anna Verdi', email, role: 'customer', passwordHash: 'x' } }],
      options,
    );

  it('queues the welcome once per registration, rendered in Italian, and nothing for old news', async () => {
    await spec.pool.query(
      `INSERT INTO email_templates (id, name, subject, html_content, text_content, is_active, template_type, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, true, 'system', now(), now())`,
      [randomUUID(), seededTemplates[0]!.name, seededTemplates[0]!.subject, seededTemplates[0]!.htmlContent, seededTemplates[0]!.textContent],
    );
    const fresh = registration('anna@esempio.it');
    const old = registration('vecchio@esempio.it', { at: new Date(Date.now() - 3 * 24 * 3600_000) });
    await spec.apply([...fresh, ...old]);
    await spec.apply(fresh);
    expect(await spec.rows('SELECT to_email, subject, status, priority, template_name FROM email_queue')).toEqual([
      { to_email: 'anna@esempio.it', subject: 'Benvenuto su Vicino, Anna Verdi!', status: 'pending', priority: 5, template_name: 'benvenuto' },
    ]);
  });

  it('reads the rows a batch’s mails need in one query a table and columns, each row once', async () => {
    const ids = [randomUUID(), randomUUID()];
    for (const [i, id] of ids.entries()) {
      await spec.pool.query(
        `INSERT INTO email_templates (id, name, subject, html_content, text_content, is_active, template_type, created_at, updated_at)
         VALUES ($1, $2, 'Oggetto', '', '', true, 'system', now(), now())`,
        [id, `lettura-${i}`],
      );
    }
    const queries: string[] = [];
    const counting = { query: (text: string, values: unknown[]) => (queries.push(text), spec.pool.query(text, values)) } as unknown as pg.ClientBase;
    const rows = rowsByIdIn(counting);
    const found = await Promise.all([
      rows('email_templates', 'name', ids[0]!),
      rows('email_templates', 'name', ids[1]!),
      rows('email_templates', 'name', ids[0]!),
      rows('email_templates', 'name', randomUUID()),
      rows('email_templates', 'subject', ids[1]!),
    ]);
    expect(found).toEqual([{ name: 'lettura-0' }, { name: 'lettura-1' }, { name: 'lettura-0' }, null, { subject: 'Oggetto' }]);
    expect(queries).toHaveLength(2);
    // Asked again after those answered: read again.
    expect(await rows('email_templates', 'name', ids[1]!)).toEqual({ name: 'lettura-1' });
    expect(queries).toHaveLength(3);
  });
});
