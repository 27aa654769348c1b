import { systemContext } from '../../platform/domain/context.js';
import { said } from '../../platform/domain/format.js';
import type { ModuleManifest, PeriodicJob } from '../../platform/module.js';
import { caseNotices } from './notices.js';
import { complaintsPersonalExport } from './personal-export.js';
import { backgroundProviders } from '../payments/routes.js';
import { caseDecider, caseStreamId } from './case.js';
import { upkeepCases } from './commands.js';
import { typeLabels } from './labels.js';
import { complaintsProjection } from './projection.js';
import { caseEventNames } from './queries.js';
import { complaintRoutes } from './routes.js';

/** Each minute and at start: the other parties who did not answer in time noted, approved compensations paid. */
import { complaintsPersonalData } from './personal-data.js';

export const caseUpkeepJob: PeriodicJob = {
  name: 'complaints upkeep',
  async run(deps, now, logger) {
    const report = await upkeepCases({ ...deps, payments: { providers: backgroundProviders(deps) } }, now, systemContext(now));
    if (report.late || report.paid || report.failed) logger?.info(report, 'complaints: late answers noted, compensations paid');
  },
};

/** Issue [14]: complaints on collaboration sessions and customers' disputes on orders, to the end. */
export const complaintsModule: ModuleManifest = {
  name: 'complaints',
  migrations: new URL('./migrations/', import.meta.url),
  routes: [complaintRoutes],
  projections: [complaintsProjection],
  events: caseEventNames,
  personalData: complaintsPersonalData,
  personalExport: complaintsPersonalExport,
  notices: caseNotices,
  summaries: {
    CaseFiled: (d) => `${d.kind === 'dispute' ? 'Contestazione' : 'Reclamo'} (${said.named(typeLabels, d.complaintType)}):${said.quoted(d.title)}.`,
    CaseRespondentAsked: (d) => `Domanda all’altra parte: ${said.text(d.question)}.`,
    CaseResolved: (d) => `Risolto: ${said.text(d.resolutionAction)}.`,
    CaseRejected: (d) => `Respinto: ${said.text(d.reason)}.`,
    CaseAppealed: (d) => `Ricorso: ${said.text(d.reason)}.`,
  },
  audited: { complaint: { stream: caseStreamId, decider: () => caseDecider } },
  jobs: [caseUpkeepJob],
};
