import type { FeatureRoutes } from '../../app/feature';

/* The accounts are managed in the back office (users/admin) only. */
export const usersRoutes: FeatureRoutes = {
  backOffice: [{ place: 20, to: '/admin/users', label: 'Utenti', icon: 'users' }],
};
