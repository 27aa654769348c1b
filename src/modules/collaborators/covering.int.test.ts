import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../tests/support/app.js';
import { readModelsCaughtUp } from '../../../tests/support/caught-up.js';
import { seedCollaborators, seededRandom, type SeededCollaborator } from '../../seed-large.js';
import { collaboratorsCovering } from './queries.js';
import { hangAfter } from '../../../tests/support/time-limits.js';

/*
 * "Who covers this point" on a crowd of collaborators as npm run bench:collaborators seeds them
 * (clustered around cities, radii 1–50 km, every approval state): the index of their circles'
 * boxes (migration 053) must give exactly the collaborators a plain scan of the seeded data gives,
 * in every direction from the centres, not only the north.
 */

const t = useTestApp();
let collaborators: SeededCollaborator[] = [];

beforeAll(async () => {
  collaborators = (await seedCollaborators(t.system.store, { collaborators: 600 })).collaborators;
  if (!(await readModelsCaughtUp(t.system, hangAfter(60_000)))) throw new Error('the read models did not catch up with the seeded collaborators');
}, hangAfter(120_000));

/** distance_km() (migration 014), in JavaScript. */
function distanceKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180;
  const a = Math.sin(((lat2 - lat1) * rad) / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lng2 - lng1) * rad) / 2) ** 2;
  return 2 * 6378.168 * Math.asin(Math.min(1, Math.sqrt(a)));
}

describe('collaborators covering a point, on seeded collaborators', () => {
  it('answers exactly the offered collaborators whose circle holds the point, nearest first', async () => {
    const offered = collaborators.filter((c) => c.state === 'offered');
    expect(offered.length).toBeGreaterThan(300);
    expect(collaborators.some((c) => c.state !== 'offered')).toBe(true);
    // Points near the circles' edges, east, west, north and south of their centres, and some at random.
    const random = seededRandom(3);
    const points = [
      ...offered.slice(0, 40).map((c, i) => {
        const angle = (i / 40) * 2 * Math.PI;
        const km = c.radiusKm * (0.97 + 0.06 * random());
        return { latitude: c.latitude + (km / 111.2) * Math.sin(angle), longitude: c.longitude + (km / (111.32 * Math.cos((c.latitude * Math.PI) / 180))) * Math.cos(angle) };
      }),
      ...Array.from({ length: 20 }, () => ({ latitude: 38 + random() * 8, longitude: 8 + random() * 9 })),
    ];
    let answered = 0;
    for (const point of points) {
      const expected = offered
        .map((c) => ({ userId: c.userId, d: distanceKm(point.latitude, point.longitude, c.latitude, c.longitude), radiusKm: c.radiusKm }))
        .filter((c) => c.d <= c.radiusKm)
        .sort((a, b) => a.d - b.d || a.userId.localeCompare(b.userId));
      const found = await collaboratorsCovering(t.system.db, point);
      expect(found.map((c) => c.userId)).toEqual(expected.map((c) => c.userId));
      answered += found.length;
    }
    expect(answered).toBeGreaterThan(points.length);
  });
});
