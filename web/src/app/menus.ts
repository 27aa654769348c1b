import type { ComponentType } from 'react';
import { features } from '../features';
import type { Role } from '../lib/types';
import type { Feature, MenuPlace } from './feature';

/** A sidebar entry of a role's menu (layouts/DashboardLayout.tsx). */
export interface MenuEntry {
  to: string;
  label: string;
  icon: ComponentType;
}

const roles: Role[] = ['admin', 'shopkeeper', 'collaborator', 'customer'];

/** A feature's entries in a role's menu: those of its pages, and the admin's to its back-office screens. */
function entriesOf(feature: Feature<string>, role: Role): (MenuPlace & { to: string })[] {
  const pages = [...(feature.public ?? []), ...(feature.standalone ?? []), ...(feature.area ?? [])];
  const ofPages = pages.flatMap(({ path, menu }) => (menu?.[role] ? [{ ...menu[role], to: path }] : []));
  return role === 'admin' ? [...ofPages, ...(feature.backOffice ?? [])] : ofPages;
}

/** The sidebar menu of each role, from the entries the features in `list` give it, in their places. */
export function menusOf(list: readonly Feature<string>[]): Record<Role, MenuEntry[]> {
  return Object.fromEntries(
    roles.map((role) => [
      role,
      list
        .flatMap((feature) => entriesOf(feature, role))
        .sort((a, b) => a.place - b.place)
        .map(({ to, label, icon }): MenuEntry => ({ to, label, icon })),
    ]),
  ) as Record<Role, MenuEntry[]>;
}

/**
 * The sidebar menu of each role (spec §2). Every entry leads to a real page. The admin's are the
 * back office's most used screens (it has its own full menu).
 */
export const menus = menusOf(features);
