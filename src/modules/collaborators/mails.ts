import { layout } from '../email/seed-templates.js';
import { siteUrl } from '../email/links.js';
import type { EmailTemplateFields } from '../email/templates.js';
import type { Recipient } from '../email/triggers.js';

const why = 'Ricevi questa e-mail perché sei un collaboratore di Vicino.';
const profileUrl = `${siteUrl}/collaborator/profile`;

/** A template of the admin's decisions: its heading, and the paragraph that tells it ({{reason}} where there is one). */
const decision = (name: string, subject: string, heading: string, body: string): EmailTemplateFields => ({
  name,
  templateType: 'notification',
  isActive: true,
  subject,
  htmlContent: layout(heading, `<p>Ciao {{name}},</p><p>${body}</p><p><a href="{{profileUrl}}">Il tuo profilo</a></p><p>Il team di Vicino</p>`, why),
  textContent: `Ciao {{name}},\n\n${body}\n\nIl tuo profilo: {{profileUrl}}\n\nIl team di Vicino\n`,
});

/** Seeded at every start when missing (by name), as the e-mail module's own. */
export const collaboratorTemplates: EmailTemplateFields[] = [
  decision(
    'collaboratore-approvato',
    'Il tuo profilo da collaboratore è approvato',
    'Profilo approvato',
    'il tuo profilo da collaboratore è stato approvato: ora i negozi della tua zona possono chiederti aiuto.',
  ),
  decision(
    'collaboratore-rifiutato',
    'Il tuo profilo da collaboratore non è stato approvato',
    'Profilo non approvato',
    'il tuo profilo da collaboratore non è stato approvato. Motivo: {{reason}}. Puoi correggerlo: modificato, torna in attesa di approvazione.',
  ),
  decision(
    'collaboratore-sospeso',
    'Il tuo profilo da collaboratore è sospeso',
    'Profilo sospeso',
    'il tuo profilo da collaboratore è stato sospeso e non è più proposto ai negozi. Motivo: {{reason}}.',
  ),
  decision(
    'collaboratore-riattivato',
    'Il tuo profilo da collaboratore è di nuovo attivo',
    'Profilo riattivato',
    'il tuo profilo da collaboratore è stato riattivato: i negozi della tua zona possono di nuovo chiederti aiuto.',
  ),
];

const toCollaborator: Recipient = async (event, rows) => {
  const userId = event.streamId.slice('collaborator-'.length);
  const user = await rows<{ email: string; name: string }>('users', 'email, name', userId);
  if (!user) return null;
  const reason = (event.data as { reason?: string }).reason ?? '';
  return { to: { email: user.email, name: user.name }, data: { name: user.name, reason, profileUrl }, userId };
};

/** The collaborator's mail of each admin decision, in the e-mail triggers' table. */
export const collaboratorEmailTriggers: Record<string, { template: string; to: Recipient }[]> = {
  CollaboratorApproved: [{ template: 'collaboratore-approvato', to: toCollaborator }],
  CollaboratorRejected: [{ template: 'collaboratore-rifiutato', to: toCollaborator }],
  CollaboratorSuspended: [{ template: 'collaboratore-sospeso', to: toCollaborator }],
  CollaboratorReactivated: [{ template: 'collaboratore-riattivato', to: toCollaborator }],
};
