import type { Messages } from '../../../app/feature';

/** The back office's Italian names of the feature's resources and their fields (react-admin's `resources.<name>`). */
export const messages = {
  resources: {
    'ai-function-costs': {
      name: 'Costo della funzione AI |||| Costi delle funzioni AI',
      fields: {
        functionName: 'Funzione',
        creditsCost: 'Costo in crediti',
        description: 'Descrizione',
      },
    },
  },
} satisfies Messages;
