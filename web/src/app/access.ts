import type { Role } from '../api/types';

/**
 * Which roles may open a path (spec §6): paths containing "admin" need admin, "shopkeeper" need
 * shopkeeper, "collaborator" collaborator or shopkeeper, except coverage-area and activate-session
 * (collaborator only). Null: any logged-in user.
 */
export function rolesForPath(pathname: string): Role[] | null {
  if (pathname.startsWith('/collaborator/coverage-area') || pathname.startsWith('/collaborator/activate-session')) {
    return ['collaborator'];
  }
  if (pathname.includes('admin')) return ['admin'];
  if (pathname.includes('shopkeeper')) return ['shopkeeper'];
  if (pathname.includes('collaborator')) return ['collaborator', 'shopkeeper'];
  return null;
}

export const dashboardPath = (role: Role): string => `/dashboard/${role}`;
