import { said } from '../../platform/domain/format.js';
import type { ModuleManifest } from '../../platform/module.js';
import { storesPersonalExport } from './personal-export.js';
import { storeNotices } from './notices.js';
import { adminStoreRoutes } from './admin-routes.js';
import { planOptionNames, storeDecider, storeStreamId } from './store.js';
import { storesProjection } from './projection.js';
import { storeSellersProjection } from './seller-projection.js';
import { sellerDecider, sellerStreamId } from './seller.js';
import { storeRoutes } from './routes.js';
import { storeUpcasters } from './upcasters.js';
import { storesPersonalData } from './personal-data.js';

/** "opzioni cambiate: spedizioni, PayPal", or "nessuna opzione cambiata". */
const optionsSaid = (options: unknown, done: string, noneDone: string): string => {
  const named = said.fields(planOptionNames, options, '');
  return named ? `opzioni ${done}: ${named}` : `nessuna opzione ${noneDone}`;
};

/** Shops: the owner's wizard and settings, the public shop pages, the admin's approval. */
export const storesModule: ModuleManifest = {
  name: 'stores',
  migrations: new URL('./migrations/', import.meta.url),
  routes: [adminStoreRoutes, storeRoutes],
  projections: [storesProjection, storeSellersProjection],
  events: {
    StoreCreated: 'Negozio creato',
    StoreUpdated: 'Negozio modificato',
    StoreApproved: 'Negozio approvato',
    StoreSuspended: 'Negozio sospeso',
    StoreReactivated: 'Negozio riattivato',
    StorePlanChanged: 'Piano del negozio attivato',
    StorePlanEnded: 'Piano del negozio scaduto: opzioni disattivate',
    StorePlanRevised: 'Piano del negozio cambiato: un acquisto non vale più',
    SellerDeclared: 'Venditore dichiarato (professionale o privato)',
    SellerVerified: 'Partita IVA del venditore verificata',
    SellerRefused: 'Dichiarazione del venditore respinta',
  },
  personalData: storesPersonalData,
  personalExport: storesPersonalExport,
  upcasters: storeUpcasters,
  notices: storeNotices,
  summaries: {
    StoreCreated: (d) => `Nuovo negozio${said.quoted((d.profile as Record<string, unknown> | undefined)?.name)} in attesa di approvazione.`,
    SellerDeclared: (d) => (d.sellerType === 'trader' ? `Venditore professionale, partita IVA ${said.text(d.vatNumber)}.` : 'Venditore privato.'),
    SellerRefused: (d) => `Dichiarazione del venditore respinta: ${said.text(d.reason)}.`,
    StoreApproved: (d) => `Negozio${said.quoted(d.name)} approvato.`,
    StoreSuspended: (d) => `Negozio${said.quoted(d.name)} sospeso: ${said.text(d.reason)}.`,
    StoreReactivated: (d) => `Negozio${said.quoted(d.name)} riattivato.`,
    StorePlanRevised: (d) => `Piano di${said.quoted(d.name)} cambiato (${said.text(d.reason)}): ${optionsSaid(d.changes, 'cambiate', 'cambiata')}.`,
    StorePlanEnded: (d) => `Piano di${said.quoted(d.name)} scaduto: ${optionsSaid(d.switchedOff, 'disattivate', 'disattivata')}.`,
  },
  audited: { store: { stream: storeStreamId, decider: () => storeDecider }, 'store-seller': { stream: sellerStreamId, decider: () => sellerDecider } },
};
