import MailIcon from '@mui/icons-material/MailOutlined';
import { ContactList } from './ContactList';
import { ContactShow } from './ContactShow';

export const contactSubmissions = { list: ContactList, show: ContactShow, icon: MailIcon, recordRepresentation: 'subject' };
