import type { Role } from '../../platform/domain/context.js';
import { said } from '../../platform/domain/format.js';
import type { ModuleManifest } from '../../platform/module.js';
import { usersPersonalExport } from './personal-export.js';
import { adminUserRoutes } from './admin-routes.js';
import { authRoutes } from './auth-routes.js';
import { userDecider, userStreamId } from './user.js';
import { profileRoutes } from './profile-routes.js';
import { usersProjection } from './projection.js';
import { usersPersonalData } from './personal-data.js';

const roleNames: Record<Role, string> = { admin: 'amministratore', shopkeeper: 'negoziante', collaborator: 'collaboratore', customer: 'cliente' };
const romeDay = new Intl.DateTimeFormat('it-IT', { dateStyle: 'long', timeZone: 'Europe/Rome' });
const role = (value: unknown): string => roleNames[value as Role] ?? said.text(value);

/** Accounts: registration, login and sessions, profile and password, the admin's user management. */
export const usersModule: ModuleManifest = {
  name: 'users',
  migrations: new URL('./migrations/', import.meta.url),
  routes: [authRoutes, adminUserRoutes, profileRoutes],
  projections: [usersProjection],
  events: {
    UserRegistered: 'Utente registrato',
    UserSuspended: 'Utente sospeso',
    UserReactivated: 'Utente riattivato',
    UserDeactivated: 'Utente disattivato',
    UserErased: 'Account cancellato (dati personali cancellati)',
    UserRoleChanged: 'Ruolo cambiato',
    UserSessionsRevoked: 'Sessioni chiuse ovunque',
    UserProfileChanged: 'Profilo modificato',
    UserPasswordChanged: 'Password cambiata',
    UserPriceComparisonSet: 'Confronto prezzi impostato',
    UserDataExported: 'Dati personali esportati',
  },
  personalData: usersPersonalData,
  personalExport: usersPersonalExport,
  summaries: {
    UserRegistered: (d) => `Nuovo account «${said.text(d.username)}» (${role(d.role)}).`,
    UserSuspended: (d) => `Account sospeso: ${said.text(d.reason)}.`,
    UserDataExported: (d) =>
      `Dati personali esportati ${d.by === 'admin' ? 'dall’amministrazione, su richiesta' : 'dalla persona'} (${d.format === 'html' ? 'riepilogo leggibile' : 'file JSON'}).`,
    UserRoleChanged: (d) => `Ruolo cambiato in ${role(d.role)}.`,
    UserPriceComparisonSet: (d) =>
      !d.enabled
        ? 'Confronto prezzi disattivato.'
        : d.expiresAt
          ? `Confronto prezzi attivo fino al ${romeDay.format(new Date(said.text(d.expiresAt)))}.`
          : 'Confronto prezzi attivo, senza scadenza.',
  },
  audited: { user: { stream: userStreamId, decider: () => userDecider } },
};
