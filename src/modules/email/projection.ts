import { settingsRowProjection } from '../../platform/projections/settings-row.js';
import { byEventType, type Projection } from '../../platform/projections/projection.js';
import type { EmailTemplateEvent } from './templates.js';

/** The `email_settings` read model, password and key included: only the server reads it whole. */
export const emailSettingsProjection = settingsRowProjection('email-settings', 'Impostazioni e-mail', 'email_settings', 'EmailSettingsUpdated');

const columns: Record<string, string> = {
  name: 'name',
  subject: 'subject',
  htmlContent: 'html_content',
  textContent: 'text_content',
  isActive: 'is_active',
  templateType: 'template_type',
};

/** The `email_templates` read model: the templates not deleted, as the admin and the sender read them. */
export const emailTemplatesProjection: Projection = {
  name: 'email-templates',
  title: 'Modelli delle e-mail',
  version: 1,
  tables: ['email_templates'],
  apply: byEventType<EmailTemplateEvent>({
    EmailTemplateCreated: async (event, tx) => {
      const f = event.data.fields;
      await tx.query(
        `INSERT INTO email_templates (id, name, subject, html_content, text_content, is_active, template_type, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8) ON CONFLICT (id) DO NOTHING`,
        [event.data.id, f.name, f.subject, f.htmlContent, f.textContent, f.isActive, f.templateType, event.metadata.at],
      );
    },
    EmailTemplateChanged: async (event, tx) => {
      const entries = Object.entries(event.data.changes).filter(([key]) => key in columns);
      const sets = entries.map(([key], i) => `${columns[key]} = $${i + 3}`);
      await tx.query(`UPDATE email_templates SET ${[...sets, 'updated_at = $2'].join(', ')} WHERE id = $1`, [
        event.streamId.slice('email-template-'.length),
        event.metadata.at,
        ...entries.map(([, value]) => value),
      ]);
    },
    EmailTemplateDeleted: async (event, tx) => {
      await tx.query('DELETE FROM email_templates WHERE id = $1', [event.streamId.slice('email-template-'.length)]);
    },
  }),
};
