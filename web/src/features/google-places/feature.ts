import StorefrontIcon from '@mui/icons-material/Storefront';
import type { Feature } from '../../app/feature';

/** Issue [22]: shops linked to their Google place; the admin sees which. */
export const googlePlacesFeature: Feature = {
  name: 'google-places',
  backOffice: [{ place: 30.5, to: '/admin/google-places', label: 'Negozi su Google', icon: StorefrontIcon }],
};
