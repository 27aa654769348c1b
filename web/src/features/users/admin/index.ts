import type { FeatureAdmin } from '../../../app/feature';
import { UserEdit } from './UserEdit';
import { UserList } from './UserList';
import { UserShow } from './UserShow';
import { messages } from './messages';
import GroupIcon from '@mui/icons-material/Group';

export const admin: FeatureAdmin = {
  resources: [{ name: 'users', place: 10, list: UserList, edit: UserEdit, show: UserShow, icon: GroupIcon, recordRepresentation: 'username' }],
  messages,
};
