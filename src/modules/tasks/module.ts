import { said } from '../../platform/domain/format.js';
import type { ModuleManifest } from '../../platform/module.js';
import { tasksPersonalExport } from './personal-export.js';
import { taskUpkeepJob } from './expiry-process.js';
import { taskCancelledByLabels, taskTypeLabels } from './labels.js';
import { tasksProjection } from './projection.js';
import { taskRoutes } from './routes.js';
import { taskDecider, taskStreamId } from './task.js';
import { tasksPersonalData } from './personal-data.js';

/** Deliveries of shops' shipping orders and catalogue work, done by collaborators (issue [13]). */
export const tasksModule: ModuleManifest = {
  name: 'tasks',
  migrations: new URL('./migrations/', import.meta.url),
  routes: [taskRoutes],
  projections: [tasksProjection],
  events: {
    TaskCreated: 'Attività affidata',
    TaskAccepted: 'Attività accettata',
    TaskRejected: 'Attività rifiutata dal collaboratore',
    TaskStarted: 'Attività iniziata',
    TaskCompleted: 'Attività completata',
    TaskCancelled: 'Attività annullata',
    TaskExpired: 'Attività scaduta senza collaboratore',
  },
  personalData: tasksPersonalData,
  personalExport: tasksPersonalExport,
  summaries: {
    TaskCreated: (d) =>
      `${said.named(taskTypeLabels, d.type, 'Attività')} «${said.text(d.title)}» da${said.quoted(d.storeName)} ${d.collaboratorName ? `affidata a ${said.text(d.collaboratorName)}` : 'offerta ai collaboratori della zona'}, compenso ${said.money(d.compensationCents)}.`,
    TaskAccepted: (d) => `Attività accettata da ${said.text(d.collaboratorName)}.`,
    TaskRejected: (d) => `Attività rifiutata dal collaboratore: ${said.text(d.reason)}.`,
    TaskCompleted: (d) => (d.late ? 'Attività completata, dopo la scadenza.' : 'Attività completata.'),
    TaskCancelled: (d) => `Attività annullata ${said.named(taskCancelledByLabels, d.by, '')}: ${said.text(d.reason)}.`,
    TaskExpired: () => 'Attività annullata: nessun collaboratore l’ha accettata entro la scadenza.',
  },
  audited: { task: { stream: taskStreamId, decider: () => taskDecider } },
  jobs: [taskUpkeepJob],
};
