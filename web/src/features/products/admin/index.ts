import Inventory2Icon from '@mui/icons-material/Inventory2';
import { ProductEdit } from './ProductEdit';
import { ProductList } from './ProductList';
import { ProductShow } from './ProductShow';

export const products = { list: ProductList, edit: ProductEdit, show: ProductShow, icon: Inventory2Icon, recordRepresentation: 'name' };
