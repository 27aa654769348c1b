import type { FeatureAdmin } from '../../../app/feature';
import { PaymentList } from './PaymentList';
import { PaymentSettingsPage } from './PaymentSettingsPage';
import { PaymentShow } from './PaymentShow';
import { messages } from './messages';
import EuroIcon from '@mui/icons-material/EuroOutlined';

export const admin: FeatureAdmin = {
  resources: [{ name: 'payments', place: 80, list: PaymentList, show: PaymentShow, icon: EuroIcon, recordRepresentation: 'description' }],
  pages: [{ path: '/payment-settings', page: PaymentSettingsPage }],
  messages,
};
