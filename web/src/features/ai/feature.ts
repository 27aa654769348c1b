import type { Feature } from '../../app/feature';

/* Its back office only (./admin). */
export const aiFeature: Feature = {
  name: 'ai',
};
