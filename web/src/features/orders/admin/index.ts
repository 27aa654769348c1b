import type { FeatureAdmin } from '../../../app/feature';
import { OrderList } from './OrderList';
import { OrderShow } from './OrderShow';
import { messages } from './messages';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';

export const admin: FeatureAdmin = {
  resources: [{ name: 'orders', place: 50, list: OrderList, show: OrderShow, icon: ReceiptLongIcon }],
  messages,
};
