import type { TaskFields } from './task.js';

/** What a task that is no delivery (product management in a shop) has of a route: nothing. */
export const noRoute = {
  pickupAddress: null,
  pickupLatitude: null,
  pickupLongitude: null,
  deliveryAddress: null,
  deliveryLatitude: null,
  deliveryLongitude: null,
  distanceKm: null,
} satisfies Partial<TaskFields>;
