import AutoAwesomeIcon from '@mui/icons-material/AutoAwesomeOutlined';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLongOutlined';
import { CreditList } from './CreditList';
import { CreditMovementList } from './CreditMovementList';
import { CreditShow } from './CreditShow';

export const credits = { list: CreditList, show: CreditShow, icon: AutoAwesomeIcon, recordRepresentation: 'username' };
export const creditMovements = { list: CreditMovementList, icon: ReceiptLongIcon };
