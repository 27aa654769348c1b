import EventIcon from '@mui/icons-material/EventOutlined';
import { SessionList } from './SessionList';
import { SessionShow } from './SessionShow';

export const collaborationSessions = { list: SessionList, show: SessionShow, icon: EventIcon, recordRepresentation: 'storeName' };
