import type { TaskFields } from './task.js';

/*
 * The task the tests start from (task.unit and projection.int): Forno Rossi's delivery of order o1
 * from Via Roma 1 to Via Nomentana 10 (2.4 km), offered to anyone, for € 6,50.
 */

/** That delivery, due by `deadline`; `over` changes it (ids of its own, another description…). */
export const deliveryTask = (deadline: string, over: Partial<TaskFields> = {}): TaskFields => ({
  taskId: 't1',
  type: 'delivery',
  storeId: 'st1',
  storeName: 'Forno Rossi',
  shopkeeperId: 's1',
  orderId: 'o1',
  assignmentId: null,
  collaboratorId: null,
  collaboratorName: null,
  title: 'Consegna dell’ordine O1',
  description: '',
  pickupAddress: 'Via Roma 1, Roma',
  pickupLatitude: 41.9,
  pickupLongitude: 12.49,
  deliveryAddress: 'Via Nomentana 10, Roma',
  deliveryLatitude: 41.92,
  deliveryLongitude: 12.5,
  distanceKm: 2.4,
  deadline,
  compensationCents: 650,
  credits: 0,
  ...over,
});
