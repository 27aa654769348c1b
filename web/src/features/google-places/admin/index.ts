import PlaceIcon from '@mui/icons-material/PlaceOutlined';
import type { FeatureAdmin } from '../../../app/feature';
import { GooglePlacesList } from './GooglePlacesList';
import { messages } from './messages';

export const admin: FeatureAdmin = {
  resources: [{ name: 'google-places', place: 36, list: GooglePlacesList, icon: PlaceIcon, recordRepresentation: 'storeName' }],
  messages,
};
