import StorefrontIcon from '@mui/icons-material/Storefront';
import { StoreList } from './StoreList';
import { StoreShow } from './StoreShow';

export const stores = { list: StoreList, show: StoreShow, icon: StorefrontIcon, recordRepresentation: 'name' };
