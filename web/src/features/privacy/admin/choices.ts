import { erasureRequestedByLabels, erasureStatusLabels } from '@labels/privacy';
import { toChoices } from '../../../admin/shared/choices';

export const erasureStatusChoices = toChoices(erasureStatusLabels);
export const erasureRequestedByChoices = toChoices(erasureRequestedByLabels);
