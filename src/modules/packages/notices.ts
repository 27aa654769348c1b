import { notice, type NoticesOf } from '../../platform/module.js';
import type { EntitlementEvent } from './entitlement.js';
import { noticeWhen } from './mails.js';

const packagesPage = '/shopkeeper/packages';

/** A shopkeeper's packages nearing their end, ended, or taken back. */
export const packageNotices: NoticesOf<EntitlementEvent> = {
  PackageExpiryNoticed: {
    kind: 'store',
    tell: ({ data: p }) => [
      notice(
        p.userId,
        'Pacchetto in scadenza',
        `Il tuo pacchetto «${p.packageName}» scade ${noticeWhen[p.notice]}: rinnovalo per non perdere le opzioni che abilita.`,
        packagesPage,
      ),
    ],
  },
  PackageExpired: {
    kind: 'store',
    tell: ({ data: p }) => [
      notice(
        p.userId,
        'Pacchetto scaduto',
        `Il tuo pacchetto «${p.terms.name}» è scaduto: le opzioni che abilitava sono state disattivate. Gli ordini già ricevuti restano come sono.`,
        packagesPage,
      ),
    ],
  },
  PackageDeactivated: {
    kind: 'store',
    tell: ({ data: p }) => [
      notice(
        p.userId,
        'Pacchetto disattivato',
        `Il tuo pacchetto «${p.terms.name}» non è più attivo (${p.reason.toLowerCase()}): le opzioni che abilitava e che nessun altro tuo pacchetto include sono state disattivate. Gli ordini già ricevuti restano come sono.`,
        packagesPage,
      ),
    ],
  },
};
