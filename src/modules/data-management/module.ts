import { correctionStreamOf, eventCorrected, type EventCorrection } from '../../platform/eventstore/corrections.js';
import type { ModuleManifest } from '../../platform/module.js';
import { correctionDecider } from './correction.js';
import { adminDataRoutes } from './routes.js';

/** The admin's view of the log and the read models: activity, export, rebuilds, corrections of an event a read model stopped at. */
export const dataManagementModule: ModuleManifest = {
  name: 'data-management',
  routes: [adminDataRoutes],
  events: { [eventCorrected]: 'Evento corretto' },
  summaries: {
    [eventCorrected]: (data) => {
      const c = data as unknown as EventCorrection;
      return `Corretto l’evento ${c.eventType} di ${c.streamId} (n. ${c.revision}), campi ${Object.keys(c.data ?? {}).join(', ')}: «${c.reason}».`;
    },
  },
  // An event's corrections, by the event's id: GET /api/admin/history/event/<eventId>.
  audited: { event: { stream: correctionStreamOf, decider: () => correctionDecider } },
};
