import { formatCents } from '../../platform/domain/money.js';
import { layout } from '../email/seed-templates.js';
import { siteUrl } from '../email/links.js';
import type { EmailTemplateFields } from '../email/templates.js';
import type { Recipient } from '../email/triggers.js';
import { monthInItalian, type StatementEvent } from './statement.js';

type Issued = Extract<StatementEvent, { type: 'StatementIssued' }>['data'];

const why = 'Ricevi questa e-mail perché il tuo negozio incassa pagamenti online su Vicino.';
const figures = [
  ['Ordini pagati online', '{{orders}}'],
  ['Incassato dai clienti', '{{gross}}'],
  ['Commissioni della piattaforma (IVA inclusa)', '{{fees}}'],
  ['Rimborsi', '{{refunds}}'],
  ['Netto per il negozio', '{{net}}'],
  ['Bonifici in banca', '{{payouts}}'],
  ['Saldo a fine mese', '{{closingBalance}}'],
];

const collaboratorWhy = 'Ricevi questa e-mail perché ricevi i compensi di Vicino sul tuo conto di pagamento.';
const collaboratorFigures = [
  ['Compensi ricevuti', '{{compensations}}'],
  ['Bonifici in banca', '{{payouts}}'],
  ['Saldo a fine mese', '{{closingBalance}}'],
];

/** A statement mail's figures, label and value: a table in the HTML, a line each in the text. */
const figuresTable = (rows: string[][]): string =>
  `<table role="presentation" cellpadding="6" cellspacing="0" style="border-collapse:collapse;width:100%">${rows
    .map(([label, value]) => `<tr><td style="border-bottom:1px solid #eee">${label}</td><td align="right" style="border-bottom:1px solid #eee"><strong>${value}</strong></td></tr>`)
    .join('')}</table>`;
const figuresText = (rows: string[][]): string => rows.map(([label, value]) => `${label}: ${value}`).join('\n');

/** Seeded at every start when missing (by name), as the e-mail module's own. */
export const earningsTemplates: EmailTemplateFields[] = [
  {
    name: 'estratto-conto-mensile',
    templateType: 'notification',
    isActive: true,
    subject: 'Estratto conto di {{month}}: {{storeName}}',
    htmlContent: layout(
      'Estratto conto del mese',
      `<p>Ciao {{name}},</p><p>il mese di {{month}} è chiuso: ecco gli incassi online di <strong>{{storeName}}</strong>.</p>
${figuresTable(figures)}
<p>Commissioni del mese: imponibile {{imponibile}}, IVA {{ivaPercent}}% {{iva}}, totale {{totale}}.</p>
<p><a href="{{statementUrl}}">Scarica l’estratto conto (PDF o CSV)</a></p><p>Il team di Vicino</p>`,
      why,
    ),
    textContent: `Ciao {{name}},\n\nil mese di {{month}} è chiuso: ecco gli incassi online di {{storeName}}.\n\n${figuresText(figures)}\n\nCommissioni del mese: imponibile {{imponibile}}, IVA {{ivaPercent}}% {{iva}}, totale {{totale}}.\n\nScarica l’estratto conto (PDF o CSV): {{statementUrl}}\n\nIl team di Vicino\n`,
  },
  {
    name: 'estratto-conto-compensi',
    templateType: 'notification',
    isActive: true,
    subject: 'Estratto conto dei compensi di {{month}}',
    htmlContent: layout(
      'Estratto conto dei compensi',
      `<p>Ciao {{name}},</p><p>il mese di {{month}} è chiuso: ecco il conto dei compensi che Vicino ti ha trasferito.</p>
${figuresTable(collaboratorFigures)}
<p><a href="{{statementUrl}}">Scarica l’estratto conto (PDF o CSV)</a></p><p>Il team di Vicino</p>`,
      collaboratorWhy,
    ),
    textContent: `Ciao {{name}},\n\nil mese di {{month}} è chiuso: ecco il conto dei compensi che Vicino ti ha trasferito.\n\n${figuresText(collaboratorFigures)}\n\nScarica l’estratto conto (PDF o CSV): {{statementUrl}}\n\nIl team di Vicino\n`,
  },
];

/** The mail when a month's statement is issued, in the e-mail triggers' table: the shopkeeper's, or the collaborator's. */
export const earningsEmailTriggers: Record<string, { template: string; to: Recipient }[]> = {
  StatementIssued: [
    {
      template: 'estratto-conto-mensile',
      to: async (event, rows) => {
        const s = event.data as Issued;
        if (s.storeId === undefined) return null; // a collaborator's: the next one
        const store = await rows<{ name: string; owner_id: string }>('stores', 'name, owner_id', s.storeId);
        if (!store) return null;
        const owner = await rows<{ email: string; name: string }>('users', 'email, name', store.owner_id);
        if (!owner) return null;
        const data = {
          name: owner.name,
          storeName: store.name,
          month: monthInItalian(s.month),
          orders: s.orders.toLocaleString('it-IT'),
          gross: formatCents(s.grossCents),
          fees: formatCents(s.feesCents),
          refunds: formatCents(s.refundsCents),
          net: formatCents(s.netCents),
          payouts: formatCents(s.payoutsCents),
          closingBalance: formatCents(s.closingBalanceCents),
          imponibile: formatCents(s.imponibileCents),
          ivaPercent: String(s.ivaPercent),
          iva: formatCents(s.ivaCents),
          totale: formatCents(s.totaleCents),
          statementUrl: `${siteUrl}/shopkeeper/earnings?estratto=${s.month}`,
        };
        return { to: { email: owner.email, name: owner.name }, data, userId: store.owner_id, storeId: s.storeId };
      },
    },
    {
      template: 'estratto-conto-compensi',
      to: async (event, rows) => {
        const s = event.data as Issued;
        if (s.collaboratorId === undefined) return null; // a shop's: the one above
        const collaborator = await rows<{ email: string; name: string }>('users', 'email, name', s.collaboratorId);
        if (!collaborator) return null;
        const data = {
          name: collaborator.name,
          month: monthInItalian(s.month),
          compensations: formatCents(s.netCents),
          payouts: formatCents(s.payoutsCents),
          closingBalance: formatCents(s.closingBalanceCents),
          statementUrl: `${siteUrl}/collaborator/earnings?estratto=${s.month}`,
        };
        return { to: { email: collaborator.email, name: collaborator.name }, data, userId: s.collaboratorId };
      },
    },
  ],
};
