import { features } from '../features';
import type { Role } from '../lib/types';
import type { FeatureRoutes, MenuEntry, MenuPlace } from './feature';

export type { MenuEntry } from './feature';

const roles: Role[] = ['admin', 'shopkeeper', 'collaborator', 'customer'];

/** A feature's entries in a role's menu: those of its pages, and the admin's to its back-office screens. */
function entriesOf(feature: FeatureRoutes, role: Role): (MenuPlace & { to: string })[] {
  const pages = [...(feature.public ?? []), ...(feature.standalone ?? []), ...(feature.area ?? [])];
  const ofPages = pages.flatMap(({ path, menu }) => (menu?.[role] ? [{ ...menu[role], to: path }] : []));
  return role === 'admin' ? [...ofPages, ...(feature.backOffice ?? [])] : ofPages;
}

/**
 * The sidebar menu of each role (spec §2), from the entries each feature gives it, in their places.
 * Every entry leads to a real page. The admin's are the back office's most used screens
 * (it has its own full menu).
 */
export const menus = Object.fromEntries(
  roles.map((role) => [
    role,
    features
      .flatMap((feature) => entriesOf(feature, role))
      .sort((a, b) => a.place - b.place)
      .map(({ to, label, icon }): MenuEntry => ({ to, label, icon })),
  ]),
) as Record<Role, MenuEntry[]>;
