import { said } from '../../platform/domain/format.js';
import type { ModuleManifest } from '../../platform/module.js';
import { erasureDecider, erasureStreamId } from './erasure.js';
import { erasureJob } from './erasure-process.js';
import { erasureRequestedByLabels } from './labels.js';
import { privacyPersonalData } from './personal-data.js';
import { privacyPersonalExport } from './personal-export.js';
import { erasuresProjection } from './projection.js';
import { privacyRoutes } from './routes.js';

/** Personal data (GDPR, issue [21]): a person's erasure from the request to its completion. */
export const privacyModule: ModuleManifest = {
  name: 'privacy',
  migrations: new URL('./migrations/', import.meta.url),
  routes: [privacyRoutes],
  projections: [erasuresProjection],
  events: {
    ErasureRequested: 'Cancellazione dei dati richiesta',
    ErasureWaiting: 'Cancellazione in attesa degli ordini aperti del negozio',
    ErasureCarriedOut: 'Dati personali cancellati',
    ErasureCompleted: 'Cancellazione dei dati completata',
  },
  personalData: privacyPersonalData,
  personalExport: privacyPersonalExport,
  summaries: {
    ErasureRequested: (d) => `Cancellazione dei dati richiesta ${said.named(erasureRequestedByLabels, d.by).toLowerCase()}.`,
    ErasureWaiting: (d) => `Cancellazione in attesa: ${String(d.openOrders)} ordini aperti del negozio.`,
    ErasureCarriedOut: (d) => `Dati personali cancellati: ${String(d.keys)} chiavi eliminate.`,
  },
  audited: { erasure: { stream: erasureStreamId, decider: () => erasureDecider } },
  jobs: [erasureJob],
};
