import { withReason } from '../../platform/domain/format.js';
import type { RecordedEvent } from '../../platform/eventstore/types.js';
import { notice, type NoticesOf } from '../../platform/module.js';
import type { CollaboratorEvent } from './collaborator.js';

const collaboratorOf = (event: RecordedEvent): string => event.streamId.slice('collaborator-'.length);
const profileLink = '/collaborator/profile';

/** The admin's decisions on a collaborator's profile, told to the collaborator. */
export const collaboratorNotices: NoticesOf<CollaboratorEvent> = {
  CollaboratorApproved: {
    tell: (event) => [
      notice(
        collaboratorOf(event),
        'Profilo da collaboratore approvato',
        event.data.canActivateSessions
          ? 'Il tuo profilo è approvato e puoi attivare sessioni: i negozi della tua zona possono chiederti aiuto.'
          : 'Il tuo profilo è approvato: i negozi della tua zona possono chiederti aiuto.',
        profileLink,
      ),
    ],
  },
  CollaboratorRejected: {
    tell: (event) => [
      notice(
        collaboratorOf(event),
        'Profilo da collaboratore non approvato',
        withReason('Il tuo profilo non è stato approvato: correggilo e tornerà in attesa di approvazione.', event.data.reason),
        profileLink,
      ),
    ],
  },
  CollaboratorSuspended: {
    tell: (event) => [
      notice(collaboratorOf(event), 'Profilo da collaboratore sospeso', withReason('Il tuo profilo è sospeso: non sei più proposto ai negozi.', event.data.reason), profileLink),
    ],
  },
  CollaboratorReactivated: {
    tell: (event) => [
      notice(collaboratorOf(event), 'Profilo da collaboratore riattivato', 'Il tuo profilo è di nuovo attivo: i negozi della tua zona possono chiederti aiuto.', profileLink),
    ],
  },
};
