import { formatCents } from '../../platform/domain/money.js';
import { said } from '../../platform/domain/format.js';
import type { ModuleManifest } from '../../platform/module.js';
import { reportsPersonalExport } from './personal-export.js';
import { reportNotices } from './notices.js';
import { reportEventNames } from './labels.js';
import { reportsProjection } from './projection.js';
import { reportDecider, reportStreamId } from './report.js';
import { reportRoutes } from './routes.js';
import { reportsPersonalData } from './personal-data.js';

/** Issue [14]: either side of an assignment reports a problem; the admin investigates, resolves (a refund, maybe) or closes it. */
export const reportsModule: ModuleManifest = {
  name: 'reports',
  migrations: new URL('./migrations/', import.meta.url),
  routes: [reportRoutes],
  projections: [reportsProjection],
  events: { ...reportEventNames },
  notices: reportNotices,
  summaries: {
    ReportSubmitted: (d) => `Segnalazione${said.quoted(d.title)} sull’incarico per${said.quoted(d.storeName)}.`,
    ReportInvestigationStarted: (d) => `Segnalazione${said.quoted(d.reportTitle)} presa in verifica.`,
    ReportResolved: (d) => {
      const refund = d.refund as { amountCents?: number } | null;
      return `Segnalazione${said.quoted(d.reportTitle)} risolta: ${said.text(d.resolutionAction)}${refund?.amountCents ? `, rimborso di ${formatCents(refund.amountCents)}` : ''}.`;
    },
    ReportClosed: (d) => `Segnalazione${said.quoted(d.reportTitle)} chiusa.`,
  },
  personalData: reportsPersonalData,
  personalExport: reportsPersonalExport,
  audited: { report: { stream: reportStreamId, decider: () => reportDecider } },
};
