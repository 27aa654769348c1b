import type { Role } from '../lib/types';

/**
 * Which roles may open a path (spec §6): paths containing "admin" need admin, "shopkeeper" need
 * shopkeeper, "collaborator" collaborator or shopkeeper, except coverage-area and activate-session
 * (collaborator only), and the workspace of the collaborator's active session (/collaborator/session,
 * issue [13]), which acts for a shop only a collaborator works in. The customer's area (/customer/…, /dashboard/customer) is the customer's as
 * the others are their roles': another role would find it empty while the API refuses it. Null: any
 * logged-in user.
 */
export function rolesForPath(pathname: string): Role[] | null {
  if (pathname.startsWith('/collaborator/coverage-area') || pathname.startsWith('/collaborator/activate-session') || /^\/collaborator\/session(\/|$)/.test(pathname)) {
    return ['collaborator'];
  }
  if (pathname.includes('admin')) return ['admin'];
  if (pathname.includes('shopkeeper')) return ['shopkeeper'];
  if (pathname.includes('collaborator')) return ['collaborator', 'shopkeeper'];
  if (/\/customer(\/|$)/.test(pathname)) return ['customer'];
  return null;
}

/** Where a role reads its notifications: the customer in their own area (spec §2), everyone else outside it. */
export const notificationsPath = (role: Role): string => (role === 'customer' ? '/customer/notifications' : '/notifications');

export const dashboardPath = (role: Role): string => `/dashboard/${role}`;
