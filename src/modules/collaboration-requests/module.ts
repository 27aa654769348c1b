import { said } from '../../platform/domain/format.js';
import type { ModuleManifest } from '../../platform/module.js';
import { collaborationRequestsPersonalExport } from './personal-export.js';
import { requestUpkeepJob } from './expiry-process.js';
import { expiredReasonLabels, requestTypeLabels } from './labels.js';
import { collaborationRequestsProjection } from './projection.js';
import { requestDecider, requestStreamId } from './request.js';
import { collaborationRequestRoutes } from './routes.js';
import { collaborationRequestsPersonalData } from './personal-data.js';

/** Shops' requests for a collaborator's help (issue [12]): direct, waiting, auto_match, and their deadlines. */
export const collaborationRequestsModule: ModuleManifest = {
  name: 'collaboration-requests',
  migrations: new URL('./migrations/', import.meta.url),
  routes: [collaborationRequestRoutes],
  projections: [collaborationRequestsProjection],
  events: {
    CollaborationRequestCreated: 'Richiesta di collaborazione inviata',
    CollaborationRequestOffered: 'Richiesta di collaborazione proposta a un collaboratore',
    CollaborationRequestOfferLapsed: 'Proposta di collaborazione scaduta senza risposta',
    CollaborationRequestDeclined: 'Richiesta di collaborazione rifiutata',
    CollaborationRequestAccepted: 'Richiesta di collaborazione accettata',
    CollaborationRequestExpired: 'Richiesta di collaborazione scaduta',
    CollaborationRequestCancelled: 'Richiesta di collaborazione annullata',
    CollaborationRequestCompleted: 'Collaborazione completata',
  },
  personalData: collaborationRequestsPersonalData,
  personalExport: collaborationRequestsPersonalExport,
  summaries: {
    CollaborationRequestCreated: (d) => `Richiesta «${said.named(requestTypeLabels, d.requestType)}» da${said.quoted(d.storeName)}.`,
    CollaborationRequestDeclined: (d) => `Richiesta rifiutata: ${said.text(d.reason)}.`,
    CollaborationRequestAccepted: (d) => `Richiesta accettata da ${said.text(d.collaboratorName)}.`,
    CollaborationRequestExpired: (d) => `Richiesta scaduta: ${said.named(expiredReasonLabels, d.reason)}.`,
    CollaborationRequestCancelled: (d) => `Richiesta annullata dal negozio${d.reason ? `: ${said.text(d.reason)}` : ''}.`,
  },
  audited: { 'collaboration-request': { stream: requestStreamId, decider: () => requestDecider } },
  jobs: [requestUpkeepJob],
};
