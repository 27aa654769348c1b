import { byEventType, type Projection } from '../../platform/projections/projection.js';
import type { ContactEvent } from './contact.js';

const idOf = (streamId: string) => streamId.slice('contact-submission-'.length);

/** The `contact_submissions` read model: the admin's inbox of the visitors' messages. */
export const contactSubmissionsProjection: Projection = {
  name: 'contact-submissions',
  title: 'Messaggi di contatto',
  version: 2,
  tables: ['contact_submissions'],
  apply: byEventType<ContactEvent>({
    ContactSubmitted: async (event, tx) => {
      const d = event.data;
      await tx.query(
        `INSERT INTO contact_submissions (id, name, email, subject, message, phone, company, status, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, 'new', $8, $8) ON CONFLICT (id) DO NOTHING`,
        [d.id, d.name, d.email, d.subject, d.message, d.phone, d.company, event.metadata.at],
      );
    },
    ContactRead: async (event, tx) => {
      await tx.query(`UPDATE contact_submissions SET status = 'read', updated_at = $2 WHERE id = $1`, [idOf(event.streamId), event.metadata.at]);
    },
    ContactNoted: async (event, tx) => {
      await tx.query('UPDATE contact_submissions SET admin_notes = $3, updated_at = $2 WHERE id = $1', [idOf(event.streamId), event.metadata.at, event.data.adminNotes || null]);
    },
    ContactReplied: async (event, tx) => {
      await tx.query(
        `UPDATE contact_submissions SET status = 'replied', reply_message = $3, replied_at = $2, replied_by_user_id = $4, reply_event_id = $5, updated_at = $2 WHERE id = $1`,
        [idOf(event.streamId), event.metadata.at, event.data.message, event.data.repliedByUserId, event.id],
      );
    },
    ContactClosed: async (event, tx) => {
      await tx.query(`UPDATE contact_submissions SET status = 'closed', updated_at = $2 WHERE id = $1`, [idOf(event.streamId), event.metadata.at]);
    },
    // Kept its time (privacy/retention.ts): the message leaves the inbox.
    ContactExpired: async (event, tx) => {
      await tx.query('DELETE FROM contact_submissions WHERE id = $1', [idOf(event.streamId)]);
    },
  }),
};
