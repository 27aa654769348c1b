import type { FeatureAdmin } from '../../../app/feature';
import { ContactList } from './ContactList';
import { ContactShow } from './ContactShow';
import { messages } from './messages';
import MailIcon from '@mui/icons-material/MailOutlined';

export const admin: FeatureAdmin = {
  resources: [{ name: 'contact-submissions', place: 70, list: ContactList, show: ContactShow, icon: MailIcon, recordRepresentation: 'subject' }],
  messages,
};
