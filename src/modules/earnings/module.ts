import type { ModuleManifest } from '../../platform/module.js';
import { earningsPersonalExport } from './personal-export.js';
import { earningsProjection } from './projection.js';
import { earningsRoutes } from './routes.js';
import { testPayoutsJob } from './test-payouts.js';
import { monthCloseJob } from './month-close.js';
import { earningsStatementsProjection } from './statements-projection.js';
import { earningsTemplates } from './mails.js';
import { monthInItalian } from './statement.js';
import { ensureEmailTemplates } from '../email/commands.js';
import { said } from '../../platform/domain/format.js';

/**
 * Each shop's takings (issue [20]): the orders paid online to the shop's own account as a ledger of
 * sales and refunds (gross, the platform's commission, the shop's part), built from the payments'
 * events (the payments' are its facts), the payouts to the shop's bank, the shopkeeper's «Incassi»,
 * and the monthly statements issued (and mailed) at each month's close: its own events.
 */
export const earningsModule: ModuleManifest = {
  name: 'earnings',
  migrations: new URL('./migrations/', import.meta.url),
  routes: [earningsRoutes],
  projections: [earningsProjection, earningsStatementsProjection],
  personalExport: earningsPersonalExport,
  events: {
    StatementIssued: 'Estratto conto del mese emesso',
  },
  summaries: {
    StatementIssued: (data) =>
      data.collaboratorId
        ? `Estratto conto dei compensi di ${monthInItalian(String(data.month))}: compensi ${said.money(data.netCents)}, bonifici ${said.money(data.payoutsCents)}.`
        : `Estratto conto di ${monthInItalian(String(data.month))}: netto ${said.money(data.netCents)}, commissioni ${said.money(data.feesCents)}.`,
  },
  // The test payments pay their accounts out once a day; a month over, each shop's and collaborator's statement is issued (and mailed).
  jobs: [testPayoutsJob, monthCloseJob],
  // The statement's mail.
  prepare: (store) => ensureEmailTemplates(store, earningsTemplates),
};
