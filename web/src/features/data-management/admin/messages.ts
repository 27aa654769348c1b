import type { Messages } from '../../../app/feature';

/** The back office's Italian names of the feature's resources and their fields (react-admin's `resources.<name>`). */
export const messages = {
  resources: {
    projections: { name: 'Proiezione |||| Proiezioni' },
  },
} satisfies Messages;
