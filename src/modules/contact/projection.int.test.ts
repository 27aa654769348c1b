import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useProjection } from '../../../tests/support/projection.js';
import { EventLog } from '../../platform/testing/projection-spec.js';
import { emailTriggersAt } from '../email/triggers.js';
import { contactDecider, contactStreamId } from './contact.js';
import { contactTemplates } from './mails.js';
import { contactSubmissionsProjection } from './projection.js';

const fields = { name: 'Lucia Neri', email: 'lucia@esempio.it', subject: 'Aprire un negozio', message: 'Come iscrivo\nla mia bottega?', phone: '+39 06 1234567', company: null };

describe('contact-submissions projection', () => {
  const spec = useProjection(contactSubmissionsProjection);
  const log = new EventLog('2026-06-10T08:00:00.000Z');

  it('keeps each message with its status, notes and last answer', async () => {
    const [a, b] = [randomUUID(), randomUUID()];
    const admin = randomUUID();
    await spec.apply([
      ...log.decide(contactStreamId(a), contactDecider, { type: 'SubmitContact', id: a, fields }),
      ...log.decide(contactStreamId(b), contactDecider, { type: 'SubmitContact', id: b, fields: { ...fields, name: 'Marco Blu', email: 'marco@esempio.it' } }),
      ...log.decide(contactStreamId(a), contactDecider, { type: 'MarkContactRead' }),
      ...log.decide(contactStreamId(a), contactDecider, { type: 'NoteContact', adminNotes: 'Negoziante di Monti' }),
      ...log.decide(
        contactStreamId(a),
        contactDecider,
        { type: 'ReplyToContact', message: 'Registrati come negoziante.', repliedByUserId: admin },
        { at: '2026-06-10T09:00:00.000Z' },
      ),
      ...log.decide(contactStreamId(b), contactDecider, { type: 'CloseContact' }),
    ]);
    expect(await spec.rows('SELECT id, name, phone, company, status, admin_notes, reply_message, replied_at, replied_by_user_id FROM contact_submissions ORDER BY name')).toEqual([
      {
        id: a,
        name: 'Lucia Neri',
        phone: '+39 06 1234567',
        company: null,
        status: 'replied',
        admin_notes: 'Negoziante di Monti',
        reply_message: 'Registrati come negoziante.',
        replied_at: new Date('2026-06-10T09:00:00.000Z'),
        replied_by_user_id: admin,
      },
      { id: b, name: 'Marco Blu', phone: '+39 06 1234567', company: null, status: 'closed', admin_notes: null, reply_message: null, replied_at: null, replied_by_user_id: null },
    ]);
  });
});

describe('the contact form’s mails (e-mail triggers)', () => {
  const spec = useProjection(emailTriggersAt(() => new Date('2026-06-10T10:00:00.000Z')));
  const log = new EventLog('2026-06-10T08:00:00.000Z');

  it('acknowledge a message to its sender, and send the answer with the message quoted', async () => {
    for (const t of contactTemplates) {
      await spec.pool.query(
        `INSERT INTO email_templates (id, name, subject, html_content, text_content, is_active, template_type, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, true, 'transactional', now(), now())`,
        [randomUUID(), t.name, t.subject, t.htmlContent, t.textContent],
      );
    }
    const id = randomUUID();
    const submitted = log.decide(contactStreamId(id), contactDecider, { type: 'SubmitContact', id, fields });
    // The inbox has the message by the time an admin answers it.
    await spec.pool.query(`INSERT INTO contact_submissions (id, name, email, subject, message, status, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, 'read', $6, $6)`, [
      id,
      fields.name,
      fields.email,
      fields.subject,
      fields.message,
      '2026-06-10T08:00:01.000Z',
    ]);
    await spec.apply([
      ...submitted,
      ...log.decide(contactStreamId(id), contactDecider, { type: 'ReplyToContact', message: 'Registrati come <negoziante>.', repliedByUserId: randomUUID() }),
    ]);
    const mails = await spec.rows<{ to_email: string; subject: string; text_content: string; html_content: string }>(
      'SELECT to_email, subject, text_content, html_content FROM email_queue ORDER BY created_at',
    );
    expect(mails.map((m) => [m.to_email, m.subject])).toEqual([
      ['lucia@esempio.it', 'Abbiamo ricevuto il tuo messaggio: Aprire un negozio'],
      ['lucia@esempio.it', 'Re: Aprire un negozio'],
    ]);
    expect(mails[1]!.text_content).toBe(
      'Ciao Lucia Neri,\n\nRegistrati come <negoziante>.\n\nIl team di Vicino\n\n--- Il tuo messaggio del 10 giugno 2026 ---\nCome iscrivo\nla mia bottega?\n',
    );
    expect(mails[1]!.html_content).toContain('Registrati come &lt;negoziante&gt;.');
    expect(mails[1]!.html_content).toContain('Come iscrivo\nla mia bottega?</blockquote>');
  });
});
