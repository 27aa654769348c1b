import type { FeatureAdmin } from '../../../app/feature';
import { StoreList } from './StoreList';
import { StoreShow } from './StoreShow';
import { messages } from './messages';
import StorefrontIcon from '@mui/icons-material/Storefront';

export const admin: FeatureAdmin = {
  resources: [{ name: 'stores', place: 20, list: StoreList, show: StoreShow, icon: StorefrontIcon, recordRepresentation: 'name' }],
  messages,
};
