import EuroIcon from '@mui/icons-material/EuroOutlined';
import { PaymentList } from './PaymentList';
import { PaymentShow } from './PaymentShow';

export const payments = { list: PaymentList, show: PaymentShow, icon: EuroIcon, recordRepresentation: 'description' };
