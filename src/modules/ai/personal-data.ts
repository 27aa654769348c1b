import type { PersonalDataDeclaration } from '../../platform/eventstore/personal-data.js';

/**
 * The personal data in this module's events, by event type: whose it is and which fields (sealed in
 * the log with that person's key, issue [21]), and why the fields whose names look personal are not.
 */
export const aiPersonalData: PersonalDataDeclaration = {
  AiCallAnswered: { notPersonal: "the model's answer about a shop's product" },
  AiCallFailed: { notPersonal: "the model's server's answer" },
  AiFunctionCostCreated: { notPersonal: "the platform's AI functions" },
  AiFunctionCostChanged: { notPersonal: "the platform's AI functions" },
};
