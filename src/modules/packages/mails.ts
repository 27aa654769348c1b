import { layout } from '../email/seed-templates.js';
import { siteUrl } from '../email/links.js';
import type { EmailTemplateFields } from '../email/templates.js';
import type { Recipient } from '../email/triggers.js';
import type { EntitlementEvent } from './entitlement.js';

type Noticed = Extract<EntitlementEvent, { type: 'PackageExpiryNoticed' }>['data'];
type Expired = Extract<EntitlementEvent, { type: 'PackageExpired' }>['data'];
type Deactivated = Extract<EntitlementEvent, { type: 'PackageDeactivated' }>['data'];

const why = 'Ricevi questa e-mail perché hai un pacchetto attivo su Vicino.';
const packagesUrl = `${siteUrl}/shopkeeper/packages`;
const romeDay = new Intl.DateTimeFormat('it-IT', { timeZone: 'Europe/Rome', dateStyle: 'long', timeStyle: 'short' });

/** Seeded at every start when missing (by name), as the e-mail module's own. */
export const packageTemplates: EmailTemplateFields[] = [
  {
    name: 'pacchetto-in-scadenza',
    templateType: 'notification',
    isActive: true,
    subject: 'Il tuo pacchetto «{{packageName}}» scade {{when}}',
    htmlContent: layout(
      'Pacchetto in scadenza',
      `<p>Ciao {{name}},</p><p>il tuo pacchetto «<strong>{{packageName}}</strong>» scade {{when}} ({{expiresAt}}). Alla scadenza le opzioni che abilita si disattivano; gli ordini già ricevuti restano come sono.</p><p><a href="{{packagesUrl}}">Rinnova il pacchetto</a>: il rinnovo parte dalla scadenza attuale.</p><p>Il team di Vicino</p>`,
      why,
    ),
    textContent:
      'Ciao {{name}},\n\nil tuo pacchetto «{{packageName}}» scade {{when}} ({{expiresAt}}). Alla scadenza le opzioni che abilita si disattivano; gli ordini già ricevuti restano come sono.\n\nRinnova il pacchetto (il rinnovo parte dalla scadenza attuale): {{packagesUrl}}\n\nIl team di Vicino\n',
  },
  {
    name: 'pacchetto-scaduto',
    templateType: 'notification',
    isActive: true,
    subject: 'Il tuo pacchetto «{{packageName}}» è scaduto',
    htmlContent: layout(
      'Pacchetto scaduto',
      `<p>Ciao {{name}},</p><p>il tuo pacchetto «<strong>{{packageName}}</strong>» è scaduto il {{expiresAt}}: le opzioni che abilitava (spedizioni, pagamenti online) sono state disattivate. Gli ordini già ricevuti restano come sono.</p><p><a href="{{packagesUrl}}">Scegli un pacchetto</a> per riattivarle.</p><p>Il team di Vicino</p>`,
      why,
    ),
    textContent:
      'Ciao {{name}},\n\nil tuo pacchetto «{{packageName}}» è scaduto il {{expiresAt}}: le opzioni che abilitava (spedizioni, pagamenti online) sono state disattivate. Gli ordini già ricevuti restano come sono.\n\nScegli un pacchetto per riattivarle: {{packagesUrl}}\n\nIl team di Vicino\n',
  },
  {
    name: 'pacchetto-disattivato',
    templateType: 'notification',
    isActive: true,
    subject: 'Il tuo pacchetto «{{packageName}}» non è più attivo',
    htmlContent: layout(
      'Pacchetto disattivato',
      `<p>Ciao {{name}},</p><p>il tuo pacchetto «<strong>{{packageName}}</strong>» non è più attivo: {{reason}}. Le opzioni che abilitava e che nessun altro tuo pacchetto include (spedizioni, pagamenti online) sono state disattivate. Gli ordini già ricevuti restano come sono.</p><p><a href="{{packagesUrl}}">I tuoi pacchetti</a></p><p>Il team di Vicino</p>`,
      why,
    ),
    textContent:
      'Ciao {{name}},\n\nil tuo pacchetto «{{packageName}}» non è più attivo: {{reason}}. Le opzioni che abilitava e che nessun altro tuo pacchetto include (spedizioni, pagamenti online) sono state disattivate. Gli ordini già ricevuti restano come sono.\n\nI tuoi pacchetti: {{packagesUrl}}\n\nIl team di Vicino\n',
  },
];

/** "tra 7 giorni", "domani": when a notice says the package ends. */
export const noticeWhen = { '7d': 'tra 7 giorni', '1d': 'domani' } as const;

const owner = (userId: string, rows: Parameters<Recipient>[1]) => rows<{ email: string; name: string }>('users', 'email, name', userId);

/** The owner's mails of the packages' end, in the e-mail triggers' table. */
export const packageEmailTriggers: Record<string, { template: string; to: Recipient }[]> = {
  PackageExpiryNoticed: [
    {
      template: 'pacchetto-in-scadenza',
      to: async (event, rows) => {
        const n = event.data as Noticed;
        const user = await owner(n.userId, rows);
        if (!user) return null;
        const data = { name: user.name, packageName: n.packageName, when: noticeWhen[n.notice], expiresAt: romeDay.format(new Date(n.expiresAt)), packagesUrl };
        return { to: { email: user.email, name: user.name }, data, userId: n.userId };
      },
    },
  ],
  PackageExpired: [
    {
      template: 'pacchetto-scaduto',
      to: async (event, rows) => {
        const e = event.data as Expired;
        const user = await owner(e.userId, rows);
        if (!user) return null;
        const data = { name: user.name, packageName: e.terms.name, expiresAt: romeDay.format(new Date(e.expiresAt)), packagesUrl };
        return { to: { email: user.email, name: user.name }, data, userId: e.userId };
      },
    },
  ],
  PackageDeactivated: [
    {
      template: 'pacchetto-disattivato',
      to: async (event, rows) => {
        const d = event.data as Deactivated;
        const user = await owner(d.userId, rows);
        if (!user) return null;
        const data = { name: user.name, packageName: d.terms.name, reason: d.reason.toLowerCase(), packagesUrl };
        return { to: { email: user.email, name: user.name }, data, userId: d.userId };
      },
    },
  ],
};
