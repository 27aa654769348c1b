import type { FeatureAdmin } from '../../../app/feature';
import { SessionList } from './SessionList';
import { SessionShow } from './SessionShow';
import { messages } from './messages';
import EventIcon from '@mui/icons-material/EventOutlined';

export const admin: FeatureAdmin = {
  resources: [{ name: 'collaboration-sessions', place: 140, list: SessionList, show: SessionShow, icon: EventIcon, recordRepresentation: 'storeName' }],
  messages,
};
