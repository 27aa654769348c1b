import type { FeatureAdmin } from '../../../app/feature';
import { ProductEdit } from './ProductEdit';
import { ProductList } from './ProductList';
import { ProductShow } from './ProductShow';
import { SaleWithoutReductionList, SaleWithoutReductionShow } from './SaleWithoutReductionList';
import { messages } from './messages';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import PercentIcon from '@mui/icons-material/Percent';

export const admin: FeatureAdmin = {
  resources: [
    { name: 'products', place: 30, list: ProductList, edit: ProductEdit, show: ProductShow, icon: Inventory2Icon, recordRepresentation: 'name' },
    { name: 'product-sales', place: 31, list: SaleWithoutReductionList, show: SaleWithoutReductionShow, icon: PercentIcon, recordRepresentation: 'name' },
  ],
  messages,
};
