import type { PersonalDataDeclaration } from '../../platform/eventstore/personal-data.js';

/**
 * The personal data in this module's events, by event type: whose it is and which fields (sealed in
 * the log with that person's key, issue [21]), and why the fields whose names look personal are not.
 */
export const paymentsPersonalData: PersonalDataDeclaration = {
  PaymentCreated: { notPersonal: 'what the payment is for, written by Vicino' },
  PaymentFailed: { notPersonal: "the payment provider's answer" },
  PaymentCancelled: { notPersonal: 'written by Vicino' },
  PaymentRefundRequested: { notPersonal: "the refund's ground, kept with the accounts" },
  PaymentDisputeOpened: { notPersonal: "the payment provider's code of the dispute" },
  PaymentAccountUpdated: { notPersonal: "the payment provider's answer" },
  PaymentAccountPayoutFailed: { notPersonal: "the payment provider's answer" },
};
