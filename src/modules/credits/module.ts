import { said } from '../../platform/domain/format.js';
import type { ModuleManifest } from '../../platform/module.js';
import { creditsPersonalExport } from './personal-export.js';
import { creditsNotices } from './notices.js';
import { creditsCount, creditsDecider, creditsStreamId } from './ledger.js';
import { creditsProjection } from './projection.js';
import { creditRoutes } from './routes.js';
import { creditsExpiryJob } from './expiry-process.js';
import { creditTemplates } from './mails.js';
import { ensureEmailTemplates } from '../email/commands.js';
import { creditsPersonalData } from './personal-data.js';

/** A count in an event's data (an older one may lack it). */
const count = (credits: unknown): string => (typeof credits === 'number' ? creditsCount(credits) : 'crediti');

/** The AI credits each user buys and spends (issue [11]): balances, lots that expire, every movement. */
export const creditsModule: ModuleManifest = {
  name: 'credits',
  migrations: new URL('./migrations/', import.meta.url),
  routes: [creditRoutes],
  projections: [creditsProjection],
  events: {
    CreditsAdded: 'Crediti aggiunti',
    CreditsSpent: 'Crediti usati',
    CreditsHeld: 'Crediti riservati per una funzione AI',
    CreditsCharged: 'Crediti addebitati',
    CreditsReleased: 'Crediti restituiti',
    CreditsRemoved: 'Crediti tolti',
    CreditsWithdrawn: 'Crediti ripresi (acquisto rimborsato)',
    CreditsExpired: 'Crediti scaduti',
    CreditsSent: 'Crediti affidati a un collaboratore',
    CreditsReceived: 'Crediti ricevuti da un negozio',
    TransferGivenBack: 'Crediti non usati restituiti',
    TransferTakenBack: 'Crediti non usati tornati',
    CreditsExpiryNoticed: 'Avviso di scadenza dei crediti',
  },
  personalData: creditsPersonalData,
  personalExport: creditsPersonalExport,
  notices: creditsNotices,
  summaries: {
    CreditsAdded: (d) => `${count(d.credits)} aggiunti.`,
    CreditsSpent: (d) => `${count(d.credits)} usati: ${said.text((d.usage as { description?: string } | undefined)?.description)}.`,
    CreditsExpired: (d) => `${count(d.credits)} scaduti.`,
  },
  audited: { credits: { stream: creditsStreamId, decider: () => creditsDecider } },
  // Credits past their 12 months expire; their owner is told 30 days before.
  jobs: [creditsExpiryJob],
  // The mail of credits about to expire.
  prepare: (store) => ensureEmailTemplates(store, creditTemplates),
};
