import GroupIcon from '@mui/icons-material/Group';
import { UserEdit } from './UserEdit';
import { UserList } from './UserList';
import { UserShow } from './UserShow';

export const users = { list: UserList, edit: UserEdit, show: UserShow, icon: GroupIcon, recordRepresentation: 'username' };
