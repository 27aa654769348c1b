import HandshakeIcon from '@mui/icons-material/HandshakeOutlined';
import { CollaboratorList } from './CollaboratorList';
import { CollaboratorShow } from './CollaboratorShow';

export const collaborators = { list: CollaboratorList, show: CollaboratorShow, icon: HandshakeIcon, recordRepresentation: 'name' };
