import type { PersonalDataDeclaration } from '../../platform/eventstore/personal-data.js';

/**
 * The personal data in this module's events, by event type: whose it is and which fields (sealed in
 * the log with that person's key, issue [21]), and why the fields whose names look personal are not.
 */
export const creditsPersonalData: PersonalDataDeclaration = {
  // An admin's adjustment says why in their words, of the holder.
  CreditsAdded: { subject: { stream: 'credits-' }, fields: ['source.reason'] },
  CreditsRemoved: { subject: { stream: 'credits-' }, fields: ['reason'] },
  CreditsSpent: { notPersonal: 'what the credits paid for, written by Vicino' },
  CreditsHeld: { notPersonal: 'what the credits paid for, written by Vicino' },
  CreditsCharged: { notPersonal: 'what the credits paid for, written by Vicino' },
  CreditsReleased: { notPersonal: 'written by Vicino' },
  CreditsWithdrawn: { notPersonal: 'written by Vicino' },
  CreditsSent: { notPersonal: 'written by Vicino' },
  CreditsReceived: { notPersonal: 'written by Vicino' },
  TransferGivenBack: { notPersonal: 'written by Vicino' },
  TransferTakenBack: { notPersonal: 'written by Vicino' },
};
