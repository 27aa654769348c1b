import type { FeatureAdmin } from '../../../app/feature';
import { GlobalProductEdit } from './GlobalProductEdit';
import { GlobalProductList } from './GlobalProductList';
import { GlobalProductShow } from './GlobalProductShow';
import { messages } from './messages';
import LibraryBooksIcon from '@mui/icons-material/LibraryBooks';

export const admin: FeatureAdmin = {
  resources: [
    { name: 'global-products', place: 40, list: GlobalProductList, edit: GlobalProductEdit, show: GlobalProductShow, icon: LibraryBooksIcon, recordRepresentation: 'name' },
  ],
  messages,
};
