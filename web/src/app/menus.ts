import { features } from '../features';
import type { Role } from '../lib/types';
import type { MenuEntry } from './feature';

export type { MenuEntry } from './feature';

const roles: Role[] = ['admin', 'shopkeeper', 'collaborator', 'customer'];

/**
 * The sidebar menu of each role (spec §2), from the entries each feature gives it, in their places.
 * Every entry leads to a page: screens of later issues show what they will do ("in arrivo",
 * features/coming-soon) until they exist. The admin's are the back office's most used screens
 * (it has its own full menu).
 */
export const menus = Object.fromEntries(
  roles.map((role) => [
    role,
    features
      .flatMap((feature) => feature.menus?.[role] ?? [])
      .sort((a, b) => a.place - b.place)
      .map(({ place: _place, ...entry }): MenuEntry => entry),
  ]),
) as Record<Role, MenuEntry[]>;
