import type { FeatureAdmin } from '../../../app/feature';
import { AnalyticsPage } from './AnalyticsPage';
import AnalyticsIcon from '@mui/icons-material/Analytics';

export const admin: FeatureAdmin = {
  pages: [{ path: '/analytics', page: AnalyticsPage, menu: { place: 60, label: 'Analisi', icon: <AnalyticsIcon /> } }],
};
