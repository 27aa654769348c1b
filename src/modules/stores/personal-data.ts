import type { PersonalDataDeclaration } from '../../platform/eventstore/personal-data.js';

/**
 * The personal data in this module's events, by event type: whose it is and which fields (sealed in
 * the log with that person's key, issue [21]), and why the fields whose names look personal are not.
 */
export const storesPersonalData: PersonalDataDeclaration = {
  // A shop's card is a business's, public: its name, address, contacts and position.
  StoreCreated: { notPersonal: "the shop's public card" },
  StoreUpdated: { notPersonal: "the shop's public card" },
  StoreApproved: { notPersonal: "the shop's public card" },
  StoreSuspended: { notPersonal: "the shop's public card and the admin's ground" },
  StoreReactivated: { notPersonal: "the shop's public card" },
  StorePlanEnded: { notPersonal: "the shop's public card" },
  StorePlanRevised: { notPersonal: "the shop's public card" },
  // The seller's VAT number is shown on the shop's page by law (Codice del Consumo art. 49).
  SellerRefused: { notPersonal: "the admin's ground about the shop's declaration" },
};
