import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { OrderList } from './OrderList';
import { OrderShow } from './OrderShow';

export const orders = { list: OrderList, show: OrderShow, icon: ReceiptLongIcon };
