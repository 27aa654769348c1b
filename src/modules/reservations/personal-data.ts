import type { PersonalDataDeclaration } from '../../platform/eventstore/personal-data.js';

/**
 * The personal data in this module's events, by event type: whose it is and which fields (sealed in
 * the log with that person's key, issue [21]), and why the fields whose names look personal are not.
 */
export const reservationsPersonalData: PersonalDataDeclaration = {
  ReservationRequested: { subject: 'userId', fields: ['customerName', 'customerPhone', { path: 'customerEmail', erased: 'email' }, 'notes'] },
  // The shop's notes and reasons are written to the customer about their reservation.
  ReservationConfirmed: { subject: 'userId', fields: ['shopkeeperNotes'] },
  ReservationCancelled: { subject: 'userId', fields: ['reason'] },
};
