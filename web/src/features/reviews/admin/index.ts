import RateReviewIcon from '@mui/icons-material/RateReviewOutlined';
import { ReviewList, ReviewShow } from './ReviewScreens';

export const reviews = { list: ReviewList, show: ReviewShow, icon: RateReviewIcon, recordRepresentation: 'storeName' };
