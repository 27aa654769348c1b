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

/** Who exported a person's data (the account's history): the person, or an admin on their request. */
export const dataExportedByLabels: Record<'self' | 'admin', string> = {
  self: 'La persona, dalle sue impostazioni',
  admin: 'L’amministrazione, su sua richiesta',
};

/** The export's file. */
export const dataExportFormatLabels: Record<'json' | 'html', string> = { json: 'File JSON', html: 'Riepilogo leggibile' };
