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

/**
 * The mail of a purchase to its owner (null when they are gone): their name, what `data` reads off
 * the event, and the link to their packages.
 */
const toOwner =
  <D extends { userId: string }>(data: (event: D) => Record<string, string>): Recipient =>
  async (event, rows) => {
    const d = event.data as D;
    const user = await rows<{ email: string; name: string }>('users', 'email, name', d.userId);
    if (!user) return null;
    return { to: { email: user.email, name: user.name }, data: { name: user.name, ...data(d), packagesUrl }, userId: d.userId };
  };

/** The owner's mails of the packages' end, in the e-mail triggers' table. */
export const packageEmailTriggers: Record<string, { template: string; to: Recipient }[]> = {
  PackageExpiryNoticed: [
    {
      template: 'pacchetto-in-scadenza',
      to: toOwner<Noticed>((n) => ({ packageName: n.packageName, when: noticeWhen[n.notice], expiresAt: romeDay.format(new Date(n.expiresAt)) })),
    },
  ],
  PackageExpired: [{ template: 'pacchetto-scaduto', to: toOwner<Expired>((e) => ({ packageName: e.terms.name, expiresAt: romeDay.format(new Date(e.expiresAt)) })) }],
  PackageDeactivated: [{ template: 'pacchetto-disattivato', to: toOwner<Deactivated>((d) => ({ packageName: d.terms.name, reason: d.reason.toLowerCase() })) }],
};
