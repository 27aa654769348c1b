import { lazy } from 'react';
import type { FeatureAdmin } from '../../../app/feature';
import AnalyticsIcon from '@mui/icons-material/Analytics';

/** The page and its charts (MUI X Charts, about 90 KB gzipped) load when it is opened, not with the whole back office. */
const AnalyticsPage = lazy(() => import('./AnalyticsPage').then(({ AnalyticsPage }) => ({ default: AnalyticsPage })));

export const admin: FeatureAdmin = {
  pages: [{ path: '/analytics', page: AnalyticsPage, menu: { place: 60, label: 'Analisi', icon: <AnalyticsIcon /> } }],
};
