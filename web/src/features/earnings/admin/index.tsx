import AccountBalanceIcon from '@mui/icons-material/AccountBalanceOutlined';
import type { FeatureAdmin } from '../../../app/feature';
import { PlatformEarningsPage } from './PlatformEarningsPage';

export const admin: FeatureAdmin = {
  pages: [{ path: '/platform-earnings', page: PlatformEarningsPage, menu: { place: 55, label: 'Incassi della piattaforma', icon: <AccountBalanceIcon /> } }],
};
