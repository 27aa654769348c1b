import AssignmentIcon from '@mui/icons-material/AssignmentOutlined';
import HandshakeIcon from '@mui/icons-material/HandshakeOutlined';
import LockOpenIcon from '@mui/icons-material/LockOpenOutlined';
import { CollaborationRequestList } from './CollaborationRequestList';
import { CollaborationRequestShow } from './CollaborationRequestShow';
import { CollaboratorList } from './CollaboratorList';
import { CollaboratorShow } from './CollaboratorShow';
import { PackageUnlockList } from './PackageUnlockList';
import { PackageUnlockShow } from './PackageUnlockShow';

export const collaborators = { list: CollaboratorList, show: CollaboratorShow, icon: HandshakeIcon, recordRepresentation: 'name' };
export const collaborationRequests = { list: CollaborationRequestList, show: CollaborationRequestShow, icon: AssignmentIcon, recordRepresentation: 'storeName' };
export const packageUnlocks = { list: PackageUnlockList, show: PackageUnlockShow, icon: LockOpenIcon, recordRepresentation: 'storeName' };
