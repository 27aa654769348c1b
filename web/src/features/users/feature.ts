import GroupIcon from '@mui/icons-material/Group';
import type { Feature } from '../../app/feature';

/* The accounts are managed in the back office (users/admin) only. */
export const usersFeature: Feature<'user'> = {
  name: 'users',
  backOffice: [{ place: 20, to: '/admin/users', label: 'Utenti', icon: GroupIcon }],
  history: { user: 'users' },
};
