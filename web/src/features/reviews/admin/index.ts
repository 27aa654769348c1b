import type { FeatureAdmin } from '../../../app/feature';
import { ReviewList, ReviewShow } from './ReviewScreens';
import { messages } from './messages';
import RateReviewIcon from '@mui/icons-material/RateReviewOutlined';

export const admin: FeatureAdmin = {
  resources: [{ name: 'reviews', place: 190, list: ReviewList, show: ReviewShow, icon: RateReviewIcon, recordRepresentation: 'storeName' }],
  messages,
};
