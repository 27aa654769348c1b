import type { FeatureAdmin } from '../../../app/feature';
import { ProductEdit } from './ProductEdit';
import { ProductList } from './ProductList';
import { ProductShow } from './ProductShow';
import { messages } from './messages';
import Inventory2Icon from '@mui/icons-material/Inventory2';

export const admin: FeatureAdmin = {
  resources: [{ name: 'products', place: 30, list: ProductList, edit: ProductEdit, show: ProductShow, icon: Inventory2Icon, recordRepresentation: 'name' }],
  messages,
};
