import type { FeatureAdmin } from '../../../app/feature';
import { messages } from './messages';

/** The reservations have no list of their own in the back office: their fields' names, for their histories. */
export const admin: FeatureAdmin = { messages };
