import { features } from '../features';
import type { Role } from '../lib/types';
import type { AccessRule, Feature } from './feature';

export { dashboardPath, notificationsPath } from './paths';

/** The features' own rules (their `access`), gathered when first asked. */
let featureRules: AccessRule[] | undefined;
export const accessRulesOf = (list: readonly Feature<string>[]): AccessRule[] => list.flatMap((feature) => feature.access ?? []);

/**
 * Which roles may open a path (spec §6): first the features' own rules (the collaborator's coverage
 * area, activate-session and the workspace of the active session are the collaborator's only), then
 * paths containing "admin" need admin, "shopkeeper" need shopkeeper, "collaborator" collaborator or
 * shopkeeper. The customer's area (/customer/…, /dashboard/customer) is the customer's as the
 * others are their roles': another role would find it empty while the API refuses it. Null: any
 * logged-in user.
 */
export function rolesForPath(pathname: string, rules: readonly AccessRule[] = (featureRules ??= accessRulesOf(features))): Role[] | null {
  const own = rules.find((rule) => rule.path.test(pathname));
  if (own) return own.roles;
  if (pathname.includes('admin')) return ['admin'];
  if (pathname.includes('shopkeeper')) return ['shopkeeper'];
  if (pathname.includes('collaborator')) return ['collaborator', 'shopkeeper'];
  if (/\/customer(\/|$)/.test(pathname)) return ['customer'];
  return null;
}
