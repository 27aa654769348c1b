/* What a collaborator's profile offers and its bounds: pure, for the server and the web's form alike. */

/**
 * The services a collaborator offers (issue [12]): stable ids, matched against a request's
 * requiredServices later, and their Italian labels. delivery and product_management are the
 * spec's task types.
 */
export const collaboratorServices = {
  delivery: 'Consegne',
  product_management: 'Gestione prodotti',
  shop_assistance: 'Assistenza in negozio',
  product_photos: 'Fotografie prodotti',
  inventory: 'Inventario',
} as const;
export type CollaboratorService = keyof typeof collaboratorServices;
export const serviceIds = Object.keys(collaboratorServices) as [CollaboratorService, ...CollaboratorService[]];

/** Where a collaborator works: Italy and its islands, with a margin (Lampedusa to the Alps, Sardinia to Apulia). */
export const italyBounds = { minLatitude: 35, maxLatitude: 47.5, minLongitude: 6, maxLongitude: 19 } as const;
export const RADIUS_KM = { min: 1, max: 100 } as const;
export const MAX_BIO = 500;
export const MAX_AVAILABILITY_TEXT = 200;
export const MAX_ADDRESS = 200;
export const MAX_REASON = 500;

/** A collaborator's own switch: taking work or not (approval is the admin's, apart). */
export const collaboratorStatusLabels: Record<'active' | 'inactive', string> = { active: 'Attivo', inactive: 'Inattivo' };
/** The admin's approval of a collaborator. */
export const approvalStatusLabels: Record<'pending' | 'approved' | 'rejected' | 'suspended', string> = {
  pending: 'In attesa di approvazione',
  approved: 'Approvato',
  rejected: 'Rifiutato',
  suspended: 'Sospeso',
};
