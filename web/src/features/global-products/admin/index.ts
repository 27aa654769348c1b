import LibraryBooksIcon from '@mui/icons-material/LibraryBooks';
import { GlobalProductEdit } from './GlobalProductEdit';
import { GlobalProductList } from './GlobalProductList';
import { GlobalProductShow } from './GlobalProductShow';

export const globalProducts = { list: GlobalProductList, edit: GlobalProductEdit, show: GlobalProductShow, icon: LibraryBooksIcon, recordRepresentation: 'name' };
