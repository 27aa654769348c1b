import type { PersonalDataDeclaration } from '../../platform/eventstore/personal-data.js';

/**
 * The personal data in this module's events, by event type: whose it is and which fields (sealed in
 * the log with that person's key, issue [21]), and why the fields whose names look personal are not.
 */
export const ordersPersonalData: PersonalDataDeclaration = {
  OrderPlaced: [
    {
      subject: 'userId',
      fields: ['customerName', 'customerPhone', { path: 'customerEmail', erased: 'email' }, 'deliveryAddress', 'deliveryLatitude', 'deliveryLongitude', 'notes'],
    },
    { notPersonal: "the shop's products, as the shop names them", fields: ['items[].name'] },
  ],
  OrderCancelled: [
    // Written by the customer or the shop about the customer's order.
    { subject: 'userId', fields: ['reason'] },
    { notPersonal: "the shop's products, as the shop names them", fields: ['items[].name'] },
  ],
  OrderWithdrawn: [
    // The customer's own words on why they withdraw (optional).
    { subject: 'userId', fields: ['reason'] },
    { notPersonal: "the shop's products, as the shop names them", fields: ['items[].name'] },
  ],
  OrderDeliveryRequested: { subject: 'collaboratorId', fields: ['collaboratorName'] },
  OrderDeliveryAssigned: { subject: 'collaboratorId', fields: ['collaboratorName'] },
  OrderDeliveryUnassigned: { subject: 'collaboratorId', fields: ['reason'] },
};
