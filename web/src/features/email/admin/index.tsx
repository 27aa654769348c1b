import type { FeatureAdmin } from '../../../app/feature';
import { EmailManagementPage } from './EmailManagementPage';
import { emailResourceMessages } from './labels';
import EmailIcon from '@mui/icons-material/Email';

export const admin: FeatureAdmin = {
  pages: [{ path: '/email-management', page: EmailManagementPage, menu: { place: 70, label: 'E-mail', icon: <EmailIcon /> } }],
  messages: { resources: emailResourceMessages },
};
