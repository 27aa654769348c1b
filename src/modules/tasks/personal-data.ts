import type { PersonalDataDeclaration } from '../../platform/eventstore/personal-data.js';

/**
 * The personal data in this module's events, by event type: whose it is and which fields (sealed in
 * the log with that person's key, issue [21]), and why the fields whose names look personal are not.
 */
export const tasksPersonalData: PersonalDataDeclaration = {
  TaskCreated: [
    { subject: 'collaboratorId', fields: ['collaboratorName'] },
    { subject: 'shopkeeperId', fields: ['title', 'description'] },
    // Where a delivery goes is the customer's: under the order's key (erased with its customer).
    { subject: 'orderId', fields: ['deliveryAddress', 'deliveryLatitude', 'deliveryLongitude'] },
    { notPersonal: "the shop's public address", fields: ['pickupAddress', 'pickupLatitude', 'pickupLongitude'] },
  ],
  TaskAccepted: { subject: 'collaboratorId', fields: ['collaboratorName'] },
  TaskRejected: { subject: 'collaboratorId', fields: ['reason'] },
  TaskCancelled: { subject: { actor: true }, fields: ['reason'] },
  TaskExpired: { notPersonal: 'written by Vicino' },
};
