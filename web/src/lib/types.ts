export type Role = 'admin' | 'shopkeeper' | 'collaborator' | 'customer';

/** The session user (spec §3, §7 GET /api/user). */
export interface User {
  id: string;
  username: string;
  name: string;
  email: string;
  role: Role;
}

export const roleLabels: Record<Role, string> = {
  admin: 'Amministratore',
  shopkeeper: 'Negoziante',
  collaborator: 'Collaboratore',
  customer: 'Cliente',
};
