import type { Role } from '../../platform/domain/context.js';

/*
 * The roles' Italian names, said once for both sides: the reviews' authors on the server, the
 * web's menus, badges and back office (@labels/users). Pure data, importing nothing at run time.
 */

export const roleLabels: Record<Role, string> = {
  admin: 'Amministratore',
  shopkeeper: 'Negoziante',
  collaborator: 'Collaboratore',
  customer: 'Cliente',
};
