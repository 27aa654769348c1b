import type { FeatureAdmin } from '../../../app/feature';
import { messages } from './messages';

export const admin: FeatureAdmin = {
  messages,
};
