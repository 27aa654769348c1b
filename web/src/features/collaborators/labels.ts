import type { CollaboratorProfile } from './api';

/** A collaborator's approval (spec §4) as they read it, with the colour of its chip. */
export const approvalLabels: Record<CollaboratorProfile['approvalStatus'], { label: string; color: 'warning' | 'success' | 'error' }> = {
  pending: { label: 'In attesa di approvazione', color: 'warning' },
  approved: { label: 'Approvato', color: 'success' },
  rejected: { label: 'Non approvato', color: 'error' },
  suspended: { label: 'Sospeso', color: 'error' },
};
