import type { PersonalDataDeclaration } from '../../platform/eventstore/personal-data.js';

/** The erasures' events name a person by their id alone: no personal data in them (issue [21]). */
export const privacyPersonalData: PersonalDataDeclaration = {
  ConsentGiven: { notPersonal: 'the text Vicino asks consent with' },
  ConsentWithdrawn: { notPersonal: 'the text Vicino asks consent with' },
  LegalVersionPublished: { notPersonal: 'the privacy policy and the terms, as the admin writes them' },
};
