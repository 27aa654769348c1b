import { layout } from '../email/seed-templates.js';
import { siteUrl } from '../email/links.js';
import type { EmailTemplateFields } from '../email/templates.js';
import type { Recipient } from '../email/triggers.js';
import type { CreditsEvent } from './ledger.js';

type Noticed = Extract<CreditsEvent, { type: 'CreditsExpiryNoticed' }>['data'];

const why = 'Ricevi questa e-mail perché hai crediti AI su Vicino.';
const romeDay = new Intl.DateTimeFormat('it-IT', { timeZone: 'Europe/Rome', dateStyle: 'long' });

/** Seeded at every start when missing (by name), as the e-mail module's own. */
export const creditTemplates: EmailTemplateFields[] = [
  {
    name: 'crediti-in-scadenza',
    templateType: 'notification',
    isActive: true,
    subject: 'I tuoi crediti AI scadono il {{expiresAt}}',
    htmlContent: layout(
      'Crediti AI in scadenza',
      `<p>Ciao {{name}},</p><p><strong>{{credits}}</strong> crediti AI del tuo saldo scadono il {{expiresAt}}, 12 mesi dopo l’acquisto. Quando usi una funzione AI si spendono per primi i crediti che scadono prima.</p><p><a href="{{creditsUrl}}">I tuoi crediti</a></p><p>Il team di Vicino</p>`,
      why,
    ),
    textContent:
      'Ciao {{name}},\n\n{{credits}} crediti AI del tuo saldo scadono il {{expiresAt}}, 12 mesi dopo l’acquisto. Quando usi una funzione AI si spendono per primi i crediti che scadono prima.\n\nI tuoi crediti: {{creditsUrl}}\n\nIl team di Vicino\n',
  },
];

/** The owner's mail 30 days before a lot expires, in the e-mail triggers' table. */
export const creditEmailTriggers: Record<string, { template: string; to: Recipient }[]> = {
  CreditsExpiryNoticed: [
    {
      template: 'crediti-in-scadenza',
      to: async (event, rows) => {
        const n = event.data as Noticed;
        const userId = event.streamId.slice('credits-'.length);
        const user = await rows<{ email: string; name: string; role: string }>('users', 'email, name, role', userId);
        if (!user) return null;
        const creditsUrl = `${siteUrl}/${user.role === 'collaborator' ? 'collaborator' : 'shopkeeper'}/credits`;
        const data = { name: user.name, credits: n.credits.toLocaleString('it-IT'), expiresAt: romeDay.format(new Date(n.expiresAt)), creditsUrl };
        return { to: { email: user.email, name: user.name }, data, userId };
      },
    },
  ],
};
