import type { Role } from '../lib/types';

/* The addresses of each role's own pages, which features name (app/access.ts gives them too). */

/** Where a role reads its notifications: the customer in their own area (spec §2), everyone else outside it. */
export const notificationsPath = (role: Role): string => (role === 'customer' ? '/customer/notifications' : '/notifications');

export const dashboardPath = (role: Role): string => `/dashboard/${role}`;
