import { notice, type NoticesOf } from '../../platform/module.js';
import type { AccessEvent } from './access.js';
import type { SessionEvent } from './session.js';

const collaborationsPage = '/shopkeeper/collaborations';

/** A standing access's code burnt after five wrong tries (issue [16]): its shopkeeper has a new one to give. */
export const accessNotices: NoticesOf<AccessEvent> = {
  StoreAccessCodeReissued: {
    kind: 'store',
    tell: ({ data: a }) => [
      notice(
        a.shopkeeperId,
        'Nuovo codice di accesso',
        `Il codice di accesso permanente per ${a.collaboratorName} presso «${a.storeName}» è stato inserito sbagliato 5 volte: per sicurezza l’abbiamo cambiato. Dai al collaboratore il nuovo codice che trovi tra i suoi accessi; quello vecchio non vale più.`,
        collaborationsPage,
      ),
    ],
  },
};

/** A session's code burnt after five wrong tries (issue [16]): its shopkeeper reissues it for the collaborator. */
export const sessionNotices: NoticesOf<SessionEvent> = {
  SessionCodeBurnt: {
    tell: ({ data: s }) => {
      if (!s.shopkeeperId) return [];
      const what = s.kind === 'closure' ? 'di chiusura' : 'di attivazione';
      return [
        notice(
          s.shopkeeperId,
          `Codice ${what} bloccato`,
          `Il codice ${what} della sessione con ${s.collaboratorName ?? 'il collaboratore'} è stato inserito sbagliato 5 volte ed è bloccato: generane uno nuovo dalla sessione e dallo al collaboratore di persona.`,
          collaborationsPage,
        ),
      ];
    },
  },
};
