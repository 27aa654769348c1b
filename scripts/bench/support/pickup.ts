import type { OpeningHours } from '../../../src/modules/stores/store.js';
import { isOpenAt } from '../../../src/modules/stores/opening-hours.js';

/** The first hour from one hour on when the seeded shops (all with the same hours) are open: a pickup time every checkout accepts. */
export function pickupTimeFor(hours: OpeningHours): string {
  const hour = 3_600_000;
  for (let t = Math.ceil(Date.now() / hour) * hour + hour; ; t += hour) if (isOpenAt(hours, new Date(t))) return new Date(t).toISOString();
}
