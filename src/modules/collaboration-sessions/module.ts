import { plural, said } from '../../platform/domain/format.js';
import type { ModuleManifest } from '../../platform/module.js';
import { collaborationSessionsPersonalExport } from './personal-export.js';
import { accessNotices, sessionNotices } from './notices.js';
import { accessDecider, accessStreamId } from './access.js';
import { sessionUpkeepJob, startSessionDeadlines } from './deadlines.js';
import { securityLevelLabels, sessionExpiredReasonLabels } from './labels.js';
import { sessionActionsProjection, sessionsProjection, storeAccessProjection } from './projection.js';
import { sessionRoutes } from './routes.js';
import { sessionDecider, sessionStreamId } from './session.js';
import { collaborationSessionsPersonalData } from './personal-data.js';

const codeLabel = (kind: unknown) => (kind === 'closure' ? 'di chiusura' : 'di attivazione');

/** Issue [13]: periods of work for a shop, opened and closed with one-time codes; standing accesses. */
export const collaborationSessionsModule: ModuleManifest = {
  name: 'collaboration-sessions',
  migrations: new URL('./migrations/', import.meta.url),
  routes: [sessionRoutes],
  projections: [sessionsProjection, sessionActionsProjection, storeAccessProjection],
  events: {
    SessionScheduled: 'Sessione programmata',
    SessionRescheduled: 'Sessione spostata',
    SessionReady: 'Sessione pronta per l’attivazione',
    SessionCodeReissued: 'Nuovo codice della sessione',
    SessionCodeMistyped: 'Codice della sessione errato',
    SessionCodeBurnt: 'Codice della sessione bloccato',
    SessionActivationRequested: 'Attivazione in attesa di conferma',
    SessionActivated: 'Sessione attivata',
    SessionCompleted: 'Sessione chiusa',
    SessionRevoked: 'Sessione revocata',
    SessionCancelled: 'Sessione annullata',
    SessionExpired: 'Sessione scaduta',
    SessionCreditsSent: 'Crediti AI affidati alla sessione',
    SessionCreditsSettled: 'Crediti AI della sessione conteggiati',
    SessionNetworkDataForgotten: 'Indirizzo IP e browser dell’attivazione cancellati (conservazione scaduta)',
    StoreAccessGranted: 'Accesso permanente concesso',
    StoreAccessRedeemed: 'Codice di accesso riscattato',
    StoreAccessCodeMistyped: 'Codice di accesso errato',
    StoreAccessCodeReissued: 'Nuovo codice di accesso',
    StoreAccessEnded: 'Accesso permanente chiuso',
    StoreAccessCreditsReserved: 'Crediti dell’accesso riservati a una sessione',
    StoreAccessCreditsReleased: 'Crediti dell’accesso restituiti',
  },
  personalData: collaborationSessionsPersonalData,
  personalExport: collaborationSessionsPersonalExport,
  notices: { ...accessNotices, ...sessionNotices },
  summaries: {
    SessionScheduled: (d) => `Sessione per${said.quoted(d.storeName)} con ${said.text(d.collaboratorName)} (${said.named(securityLevelLabels, d.securityLevel)}).`,
    SessionCodeReissued: (d) => `Nuovo codice ${codeLabel(d.kind)}.`,
    SessionCodeMistyped: (d) => `Codice ${codeLabel(d.kind)} errato (${Number(d.tries) || 0}° tentativo).`,
    SessionCodeBurnt: (d) => `Codice ${codeLabel(d.kind)} bloccato dopo 5 tentativi errati.`,
    SessionActivationRequested: () => 'Codice giusto: si attende la conferma del negoziante.',
    SessionActivated: (d) =>
      d.locationVerified
        ? `Sessione attivata in negozio (posizione verificata${typeof d.distanceM === 'number' ? `, a ${d.distanceM} m` : ''}).`
        : 'Sessione attivata con il codice.',
    SessionCompleted: () => 'Sessione chiusa con il codice di chiusura.',
    SessionRevoked: (d) => `Sessione revocata: ${said.text(d.reason)}.`,
    SessionCancelled: (d) => (d.reason ? `Sessione annullata: ${said.text(d.reason)}.` : 'Sessione annullata.'),
    SessionExpired: (d) => `Sessione scaduta: ${said.named(sessionExpiredReasonLabels, d.reason)}.`,
    SessionCreditsSent: (d) => `${plural(Number(d.credits) || 0, 'credito AI affidato', 'crediti AI affidati')} al collaboratore.`,
    SessionCreditsSettled: (d) => `Crediti AI usati: ${Number(d.used) || 0}; restituiti al negozio: ${Number(d.returned) || 0}.`,
    StoreAccessGranted: (d) => `Accesso permanente per${said.quoted(d.storeName)} a ${said.text(d.collaboratorName)}.`,
    // The key alone is in the event, never the code; the summary names neither.
    StoreAccessCodeMistyped: (d) => `Codice di accesso errato (${Number(d.tries) || 0}° tentativo).`,
    StoreAccessCodeReissued: (d) => `Codice di accesso per ${said.text(d.collaboratorName)} bloccato dopo 5 tentativi errati: il negoziante ne ha uno nuovo.`,
    StoreAccessEnded: (d) => (d.reason ? `Accesso chiuso: ${said.text(d.reason)}.` : 'Accesso chiuso.'),
  },
  audited: {
    'collaboration-session': { stream: sessionStreamId, decider: () => sessionDecider },
    'store-access': { stream: accessStreamId, decider: () => accessDecider },
  },
  jobs: [sessionUpkeepJob],
  processes: [startSessionDeadlines],
};
