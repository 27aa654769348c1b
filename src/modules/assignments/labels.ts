/*
 * An assignment's states, priorities, payment states and what it lets the collaborator do, with
 * their Italian names: said once for the server's deciders and answers and the web's badges and
 * forms (@pure/assignments/labels). Pure data, importing nothing.
 */

/** Spec §4: pending → accepted | rejected → in_progress → completed | cancelled. */
export const assignmentStatuses = ['pending', 'accepted', 'in_progress', 'completed', 'cancelled', 'rejected'] as const;
export type AssignmentStatus = (typeof assignmentStatuses)[number];
export const priorities = ['low', 'medium', 'high', 'urgent'] as const;
export type Priority = (typeof priorities)[number];
/** Spec §3: the collaborator's compensation for the assignment. */
export const assignmentPaymentStatuses = ['pending', 'paid', 'cancelled', 'refunded'] as const;
export type AssignmentPaymentStatus = (typeof assignmentPaymentStatuses)[number];
/**
 * An assignment from a package unlock: where the shop's payment of the package stands (the
 * assignment's own `paymentStatus` is the collaborator's compensation, paid out later). `verifying`:
 * the provider's confirmation not read yet, never «Da pagare» once paid; `free`: offered by the admin.
 */
export const shopPaymentStatuses = ['verifying', 'paid', 'partially_refunded', 'refunded', 'free'] as const;
export type ShopPaymentStatus = (typeof shopPaymentStatuses)[number];
export const shopPaymentStatusLabels: Record<ShopPaymentStatus, string> = {
  verifying: 'In verifica',
  paid: 'Pagato',
  partially_refunded: 'Rimborsato in parte',
  refunded: 'Rimborsato',
  free: 'Offerto dall’amministrazione',
};
/** The collaborator's compensation of an assignment from a package, as the shop reads it: the platform pays it out of the package. */
export const payoutStatusLabels: Record<AssignmentPaymentStatus, string> = {
  pending: 'Da versare dalla piattaforma',
  paid: 'Versato',
  cancelled: 'Annullato',
  refunded: 'Rimborsato',
};
/** What a collaborator may do for the shop during the assignment's sessions. */
export const permissions = ['products', 'orders', 'ai'] as const;
export type Permission = (typeof permissions)[number];
/** Where the assignment came from: a purchased package unlock (issue [12]) or the shopkeeper directly. */
export const assignmentOrigins = ['unlock', 'direct'] as const;
export type AssignmentOrigin = (typeof assignmentOrigins)[number];

export const assignmentStatusLabels: Record<AssignmentStatus, string> = {
  pending: 'In attesa di risposta',
  accepted: 'Accettato',
  in_progress: 'In corso',
  completed: 'Completato',
  cancelled: 'Annullato',
  rejected: 'Rifiutato',
};
export const priorityLabels: Record<Priority, string> = { low: 'Bassa', medium: 'Media', high: 'Alta', urgent: 'Urgente' };
export const assignmentPaymentStatusLabels: Record<AssignmentPaymentStatus, string> = {
  pending: 'Da pagare',
  paid: 'Pagato',
  cancelled: 'Annullato',
  refunded: 'Rimborsato',
};
export const permissionLabels: Record<Permission, string> = {
  products: 'Prodotti e magazzino',
  orders: 'Ordini',
  ai: 'Funzioni AI',
};
export const assignmentOriginLabels: Record<AssignmentOrigin, string> = {
  unlock: 'Pacchetto collaborazione',
  direct: 'Incarico diretto',
};

export const MAX_DESCRIPTION = 1000;
export const MAX_REASON = 500;
/** The most a direct assignment may pay (cents): what the read models hold with room. */
export const MAX_PAYMENT_CENTS = 10_000_000;
