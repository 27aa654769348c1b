import type { FeatureAdmin } from '../../../app/feature';
import { DataManagementPage } from './DataManagementPage';
import { messages } from './messages';
import StorageIcon from '@mui/icons-material/Storage';

export const admin: FeatureAdmin = {
  pages: [{ path: '/data-management', page: DataManagementPage, menu: { place: 50, label: 'Gestione dati', icon: <StorageIcon /> } }],
  messages,
};
