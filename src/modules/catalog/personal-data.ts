import type { PersonalDataDeclaration } from '../../platform/eventstore/personal-data.js';

/**
 * The personal data in this module's events, by event type: whose it is and which fields (sealed in
 * the log with that person's key, issue [21]), and why the fields whose names look personal are not.
 */
export const catalogPersonalData: PersonalDataDeclaration = {
  GlobalProductCreated: { notPersonal: 'a product of the shared catalogue' },
  GlobalProductCurated: { notPersonal: 'a product of the shared catalogue' },
  ProductCreated: { notPersonal: "a shop's product" },
  ProductUpdated: { notPersonal: "a shop's product" },
  ProductStockAdjusted: { notPersonal: "the shop's note on its stock" },
  CategoryCreated: { notPersonal: 'a category of the catalogue' },
};
