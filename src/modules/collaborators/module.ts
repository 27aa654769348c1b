import { said } from '../../platform/domain/format.js';
import type { ModuleManifest } from '../../platform/module.js';
import { collaboratorsPersonalExport } from './personal-export.js';
import { collaboratorNotices } from './notices.js';
import { ensureEmailTemplates } from '../email/commands.js';
import { collaboratorDecider, collaboratorStreamId, profileFieldNames } from './collaborator.js';
import { collaboratorTemplates } from './mails.js';
import { collaboratorsProjection } from './projection.js';
import { collaboratorRoutes } from './routes.js';
import { collaboratorsPersonalData } from './personal-data.js';

/** Collaborators (issue [12]): their profile, coverage area and services, and the admin's approval. */
export const collaboratorsModule: ModuleManifest = {
  name: 'collaborators',
  migrations: new URL('./migrations/', import.meta.url),
  routes: [collaboratorRoutes],
  projections: [collaboratorsProjection],
  events: {
    CollaboratorRegistered: 'Profilo da collaboratore registrato',
    CollaboratorProfileChanged: 'Profilo da collaboratore modificato',
    CollaboratorResubmitted: 'Profilo da collaboratore di nuovo in attesa di approvazione',
    CollaboratorStatusChanged: 'Stato del collaboratore cambiato',
    CollaboratorApproved: 'Collaboratore approvato',
    CollaboratorRejected: 'Collaboratore rifiutato',
    CollaboratorSuspended: 'Collaboratore sospeso',
    CollaboratorReactivated: 'Collaboratore riattivato',
  },
  personalData: collaboratorsPersonalData,
  personalExport: collaboratorsPersonalExport,
  notices: collaboratorNotices,
  summaries: {
    CollaboratorRegistered: (d) => {
      const p = (d.profile ?? {}) as Record<string, unknown>;
      return `Nuovo profilo da collaboratore${said.quoted(p.address)}, raggio ${typeof p.radiusKm === 'number' ? p.radiusKm : '?'} km.`;
    },
    CollaboratorProfileChanged: (d) => `Profilo modificato: ${said.fields(profileFieldNames, d.changes)}.`,
    CollaboratorStatusChanged: (d) => (d.status === 'active' ? 'Il collaboratore è tornato attivo.' : 'Il collaboratore si è messo inattivo.'),
    CollaboratorApproved: (d) => `Collaboratore approvato, ${d.canActivateSessions === true ? 'può' : 'non può'} attivare sessioni.`,
    CollaboratorRejected: (d) => `Collaboratore rifiutato: ${said.text(d.reason)}.`,
    CollaboratorSuspended: (d) => `Collaboratore sospeso: ${said.text(d.reason)}.`,
  },
  audited: { collaborator: { stream: collaboratorStreamId, decider: () => collaboratorDecider } },
  // The mails of the admin's decisions.
  prepare: (store) => ensureEmailTemplates(store, collaboratorTemplates),
};
