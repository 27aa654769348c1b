import { said } from '../../platform/domain/format.js';
import type { ModuleManifest } from '../../platform/module.js';
import { erasureDecider, erasureStreamId } from './erasure.js';
import { erasureJob } from './erasure-process.js';
import { retentionJob } from './retention.js';
import { erasureRequestedByLabels } from './labels.js';
import { privacyPersonalData } from './personal-data.js';
import { privacyPersonalExport } from './personal-export.js';
import { erasuresProjection } from './projection.js';
import { consentsProjection } from './consents-projection.js';
import { legalDocumentsProjection } from './legal-projection.js';
import { ensureLegalDocuments } from './commands.js';
import { consentDecider, consentsStreamId } from './consent.js';
import { consentKindLabels } from './labels.js';
import { privacyRoutes } from './routes.js';

/** Personal data (GDPR, issue [21]): a person's export, their erasure from the request to its completion, how long each kind of data is kept. */
export const privacyModule: ModuleManifest = {
  name: 'privacy',
  migrations: new URL('./migrations/', import.meta.url),
  routes: [privacyRoutes],
  projections: [erasuresProjection, consentsProjection, legalDocumentsProjection],
  events: {
    ErasureRequested: 'Cancellazione dei dati richiesta',
    ErasureWaiting: 'Cancellazione in attesa degli ordini aperti del negozio',
    ErasureCarriedOut: 'Dati personali cancellati',
    ErasureCompleted: 'Cancellazione dei dati completata',
    ConsentGiven: 'Consenso dato',
    ConsentWithdrawn: 'Consenso negato o ritirato',
    LegalVersionsAccepted: 'Termini e informativa accettati',
    LegalVersionPublished: 'Nuova versione dell’informativa o dei termini',
  },
  personalData: privacyPersonalData,
  personalExport: privacyPersonalExport,
  summaries: {
    ErasureRequested: (d) => `Cancellazione dei dati richiesta ${said.named(erasureRequestedByLabels, d.by).toLowerCase()}.`,
    ErasureWaiting: (d) => `Cancellazione in attesa: ${String(d.openOrders)} ordini aperti del negozio.`,
    LegalVersionsAccepted: (d) => `Accettati i Termini e condizioni (versione ${said.count(d.terms)}) e l’Informativa sulla privacy (versione ${said.count(d.privacy)}).`,
    LegalVersionPublished: (d) => `Pubblicata la versione ${said.count(d.version)} ${d.kind === 'terms' ? 'dei Termini e condizioni' : 'dell’Informativa sulla privacy'}.`,
    ConsentGiven: (d) => `Consenso dato: ${said.named(consentKindLabels, d.kind).toLowerCase()}.`,
    ConsentWithdrawn: (d) => `Consenso negato o ritirato: ${said.named(consentKindLabels, d.kind).toLowerCase()}.`,
    ErasureCarriedOut: (d) => `Dati personali cancellati: ${String(d.keys)} chiavi eliminate.`,
  },
  audited: { erasure: { stream: erasureStreamId, decider: () => erasureDecider }, consents: { stream: consentsStreamId, decider: () => consentDecider } },
  jobs: [erasureJob, retentionJob],
  prepare: ensureLegalDocuments,
};
