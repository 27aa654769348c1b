import type { FeatureAdmin } from '../../../app/feature';
import { CollaborationRequestList } from './CollaborationRequestList';
import { CollaborationRequestShow } from './CollaborationRequestShow';
import { CollaboratorList } from './CollaboratorList';
import { CollaboratorShow } from './CollaboratorShow';
import { PackageUnlockList } from './PackageUnlockList';
import { PackageUnlockShow } from './PackageUnlockShow';
import { messages } from './messages';
import AssignmentIcon from '@mui/icons-material/AssignmentOutlined';
import HandshakeIcon from '@mui/icons-material/HandshakeOutlined';
import LockOpenIcon from '@mui/icons-material/LockOpenOutlined';

export const admin: FeatureAdmin = {
  resources: [
    { name: 'collaborators', place: 110, list: CollaboratorList, show: CollaboratorShow, icon: HandshakeIcon, recordRepresentation: 'name' },
    { name: 'collaboration-requests', place: 120, list: CollaborationRequestList, show: CollaborationRequestShow, icon: AssignmentIcon, recordRepresentation: 'storeName' },
    { name: 'package-unlocks', place: 130, list: PackageUnlockList, show: PackageUnlockShow, icon: LockOpenIcon, recordRepresentation: 'storeName' },
  ],
  messages,
};
