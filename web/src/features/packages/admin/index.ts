import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremiumOutlined';
import { PackageCreate, PackageEdit } from './PackageEdit';
import { PackageList } from './PackageList';
import { PackageShow } from './PackageShow';

export const packages = { list: PackageList, show: PackageShow, edit: PackageEdit, create: PackageCreate, icon: WorkspacePremiumIcon, recordRepresentation: 'name' };
