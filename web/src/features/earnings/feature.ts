import PaymentsIcon from '@mui/icons-material/PaymentsOutlined';
import { lazy } from 'react';
import type { Feature } from '../../app/feature';

/** Each shop's takings (issue [20]): the orders paid online to its account, the commission, the refunds. */
export const earningsFeature: Feature = {
  name: 'earnings',
  area: [{ path: '/shopkeeper/earnings', page: lazy(() => import('./EarningsPage')), menu: { shopkeeper: { place: 32, label: 'Incassi', icon: PaymentsIcon } } }],
};
