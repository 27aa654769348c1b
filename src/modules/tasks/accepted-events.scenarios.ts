import { randomUUID } from 'node:crypto';
import { later, scenario, scenarioNow as now, worldIds, worldStore } from '../../platform/testing/accepted-events.js';
import { taskDecider, taskStreamId, type TaskCommand, type TaskFields } from './task.js';

const task = randomUUID();
const fields: TaskFields = {
  taskId: task,
  type: 'delivery',
  storeId: worldIds.store,
  storeName: worldStore.name,
  shopkeeperId: worldIds.shopkeeper,
  orderId: randomUUID(),
  assignmentId: null,
  collaboratorId: null,
  collaboratorName: null,
  title: 'Consegna dell’ordine',
  description: 'Fragile',
  pickupAddress: worldStore.address,
  pickupLatitude: worldStore.latitude,
  pickupLongitude: worldStore.longitude,
  deliveryAddress: 'Via Dante 3, Milano',
  deliveryLatitude: 45.47,
  deliveryLongitude: 9.18,
  distanceKm: 1.1,
  deadline: later(3_600_000).toISOString(),
  compensationCents: 650,
  credits: 2,
};

export const scenarios = [
  scenario<TaskCommand>(
    'tasks',
    taskStreamId(task),
    taskDecider,
    [],
    [
      { type: 'CreateTask', now, fields },
      { type: 'AcceptTask', collaboratorId: worldIds.collaborator, collaboratorName: 'Marco Neri', now },
      { type: 'StartTask', collaboratorId: worldIds.collaborator, now },
      { type: 'DeliverTask', collaboratorId: worldIds.collaborator, now },
      { type: 'CompleteTask', collaboratorId: worldIds.collaborator, now },
      { type: 'RejectTask', collaboratorId: worldIds.collaborator, reason: 'Imprevisto', now },
      { type: 'CancelTask', by: 'shopkeeper', reason: 'Non serve più', now },
      { type: 'ExpireTask', now: later(7_200_000) },
    ],
  ),
];
