import type { PersonalDataDeclaration } from '../../platform/eventstore/personal-data.js';

/**
 * The personal data in this module's events, by event type: whose it is and which fields (sealed in
 * the log with that person's key, issue [21]), and why the fields whose names look personal are not.
 */
export const settingsPersonalData: PersonalDataDeclaration = {
  GoogleMapsSettingsUpdated: { notPersonal: "the platform's settings" },
  SiteSettingsUpdated: { notPersonal: "the platform's settings" },
};
