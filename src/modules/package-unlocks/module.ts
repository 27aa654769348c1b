import { said } from '../../platform/domain/format.js';
import type { ModuleManifest } from '../../platform/module.js';
import { packageUnlocksPersonalExport } from './personal-export.js';
import { packageUnlocksProjection } from './projection.js';
import { startUnlockPurchases } from './purchase-process.js';
import { packageUnlockRoutes } from './routes.js';
import { unlockDecider, unlockStreamId } from './unlock.js';
import { packageUnlocksPersonalData } from './personal-data.js';

/** The collaboration package a shopkeeper unlocks (a collaborator accepted, or the admin's override) and buys (issue [12]). */
export const packageUnlocksModule: ModuleManifest = {
  name: 'package-unlocks',
  migrations: new URL('./migrations/', import.meta.url),
  routes: [packageUnlockRoutes],
  projections: [packageUnlocksProjection],
  events: {
    PackageUnlockCreated: 'Pacchetto collaboratore bloccato in attesa di un collaboratore',
    PackageUnlockUnlocked: 'Pacchetto collaboratore sbloccato dal collaboratore',
    PackageUnlockAdminUnlocked: 'Pacchetto collaboratore sbloccato dall’amministrazione',
    PackageUnlockPurchased: 'Pacchetto collaboratore acquistato',
    PackageUnlockLapsed: 'Pacchetto collaboratore non acquistato in tempo',
  },
  personalData: packageUnlocksPersonalData,
  personalExport: packageUnlocksPersonalExport,
  summaries: {
    PackageUnlockUnlocked: () => 'Un collaboratore ha accettato la richiesta: il pacchetto si può acquistare.',
    PackageUnlockAdminUnlocked: (d) =>
      `Sbloccato dall’amministrazione${d.freeOfCharge === true ? ', gratuito' : ''}: ${said.text(d.reason)}${typeof d.specialConditions === 'string' && d.specialConditions ? ` (condizioni: ${d.specialConditions})` : ''}.`,
    PackageUnlockPurchased: (d) =>
      typeof d.amountCents === 'number' && d.amountCents > 0
        ? `Pacchetto collaboratore acquistato per ${said.money(d.amountCents)}.`
        : 'Pacchetto collaboratore acquistato, senza costi.',
  },
  audited: { 'package-unlock': { stream: unlockStreamId, decider: () => unlockDecider } },
  // A completed payment becomes a purchased unlock; one that came too late is refunded.
  processes: [startUnlockPurchases],
};
