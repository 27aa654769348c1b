import { said } from '../../platform/domain/format.js';
import { startPackageActivation } from './purchase-process.js';
import type { ModuleManifest } from '../../platform/module.js';
import { packagesPersonalExport } from './personal-export.js';
import { packageNotices } from './notices.js';
import { ensureEmailTemplates } from '../email/commands.js';
import { ensurePackages } from './commands.js';
import { entitlementDecider, userPackagesStreamId } from './entitlement.js';
import { packageExpiryJob } from './expiry-process.js';
import { packageTemplates } from './mails.js';
import { packageDecider, packageFieldNames, packageStreamId } from './package.js';
import { packagesProjection, userPackagesProjection } from './projection.js';
import { packageRoutes } from './routes.js';
import { packagesPersonalData } from './personal-data.js';

/** The packages shops buy (plans, AI credits, collaborations), what each purchase allows and until when. */
export const packagesModule: ModuleManifest = {
  name: 'packages',
  migrations: new URL('./migrations/', import.meta.url),
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
    PackageDeactivated: 'Pacchetto disattivato',
  },
  personalData: packagesPersonalData,
  personalExport: packagesPersonalExport,
  notices: packageNotices,
  summaries: {
    PackageCreated: (d) => {
      const fields = (d.fields ?? {}) as Record<string, unknown>;
      return `Nuovo pacchetto${said.quoted(fields.name)} a ${said.money(fields.priceCents)}.`;
    },
    PackageChanged: (d) => `Pacchetto modificato: ${said.fields(packageFieldNames, d.changes)}.`,
    PackageDeactivated: (d) => `Pacchetto${said.quoted((d.terms as Record<string, unknown> | undefined)?.name)} disattivato: ${said.text(d.reason)}.`,
    PackageActivated: (d) => `Pacchetto${said.quoted((d.terms as Record<string, unknown> | undefined)?.name)} attivato.`,
  },
  audited: {
    package: { stream: packageStreamId, decider: () => packageDecider },
    'user-packages': { stream: userPackagesStreamId, decider: () => entitlementDecider },
  },
  jobs: [packageExpiryJob],
  // A paid purchase becomes an active package; a refunded one ends.
  processes: [startPackageActivation],
  // The catalogue a new platform starts with, and the mails of the packages' end.
  prepare: async (store) => {
    const templates = await ensureEmailTemplates(store, packageTemplates);
    return (await ensurePackages(store)) ?? templates;
  },
};
