import { said } from '../../platform/domain/format.js';
import type { ModuleManifest } from '../../platform/module.js';
import { ensurePackages } from './commands.js';
import { entitlementDecider, userPackagesStreamId } from './entitlement.js';
import { packageDecider, packageStreamId } from './package.js';
import { packagesProjection, userPackagesProjection } from './projection.js';
import { packageRoutes } from './routes.js';

/** The packages shops buy (plans, AI credits, collaborations), what each purchase allows and until when. */
export const packagesModule: ModuleManifest = {
  name: 'packages',
  routes: [packageRoutes],
  projections: [packagesProjection, userPackagesProjection],
  events: {
    PackageCreated: 'Pacchetto creato',
    PackageChanged: 'Pacchetto modificato',
    PackageArchived: 'Pacchetto archiviato',
    PackageDeleted: 'Pacchetto eliminato',
    PackageActivated: 'Pacchetto attivato',
    PackageExpiryNoticed: 'Avviso di scadenza del pacchetto',
    PackageExpired: 'Pacchetto scaduto',
  },
  summaries: {
    PackageCreated: (d) => {
      const fields = (d.fields ?? {}) as Record<string, unknown>;
      return `Nuovo pacchetto${said.quoted(fields.name)} a ${said.money(fields.priceCents)}.`;
    },
    PackageChanged: (d) => `Pacchetto modificato: ${Object.keys((d.changes ?? {}) as Record<string, unknown>).join(', ')}.`,
    PackageActivated: (d) => `Pacchetto${said.quoted((d.terms as Record<string, unknown> | undefined)?.name)} attivato.`,
  },
  audited: {
    package: { stream: packageStreamId, decider: () => packageDecider },
    'user-packages': { stream: userPackagesStreamId, decider: () => entitlementDecider },
  },
  prepare: ensurePackages,
};
