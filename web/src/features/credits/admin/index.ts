import type { FeatureAdmin } from '../../../app/feature';
import { CreditList } from './CreditList';
import { CreditMovementList } from './CreditMovementList';
import { CreditShow } from './CreditShow';
import { messages } from './messages';
import AutoAwesomeIcon from '@mui/icons-material/AutoAwesomeOutlined';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLongOutlined';

export const admin: FeatureAdmin = {
  resources: [
    { name: 'credits', place: 90, list: CreditList, show: CreditShow, icon: AutoAwesomeIcon, recordRepresentation: 'username' },
    { name: 'credit-movements', place: 100, list: CreditMovementList, icon: ReceiptLongIcon },
  ],
  messages,
};
