import NotificationsIcon from '@mui/icons-material/Notifications';
import { lazy } from 'react';
import type { Feature } from '../../app/feature';

export const contactFeature: Feature<'contact-submission'> = {
  name: 'contact',
  public: [{ path: '/contatti', page: lazy(() => import('./ContactPage')) }],
  backOffice: [{ place: 55, to: '/admin/contact-submissions', label: 'Messaggi di contatto', icon: NotificationsIcon }],
  history: { 'contact-submission': 'contact-submissions' },
};
