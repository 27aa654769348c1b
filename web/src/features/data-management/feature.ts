import type { Feature } from '../../app/feature';

/* Its back office only (./admin). */
export const dataManagementFeature: Feature = {
  name: 'data-management',
};
