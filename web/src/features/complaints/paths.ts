import type { Role } from '../../lib/types';

/* Where a role reads its cases: the customer in their own area (as its notifications), the shop's people outside it. */

export const casesPath = (role: Role | undefined): string => (role === 'customer' ? '/customer/complaints' : '/complaints');
export const casePath = (role: Role | undefined, id: string): string => `${casesPath(role)}/${id}`;
