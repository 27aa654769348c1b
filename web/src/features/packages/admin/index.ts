import type { FeatureAdmin } from '../../../app/feature';
import { PackageCreate, PackageEdit } from './PackageEdit';
import { PackageList } from './PackageList';
import { PackageShow } from './PackageShow';
import { messages } from './messages';
import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremiumOutlined';

export const admin: FeatureAdmin = {
  resources: [
    { name: 'packages', place: 60, list: PackageList, show: PackageShow, edit: PackageEdit, create: PackageCreate, icon: WorkspacePremiumIcon, recordRepresentation: 'name' },
  ],
  messages,
};
