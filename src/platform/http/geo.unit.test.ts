import { describe, expect, it } from 'vitest';
import { boundingBox, cellsAround } from './geo.js';

/** Great-circle distance in km (haversine). */
function distanceKm(a: [number, number], b: [number, number]): number {
  const rad = Math.PI / 180;
  const h = Math.sin(((b[0] - a[0]) * rad) / 2) ** 2 + Math.cos(a[0] * rad) * Math.cos(b[0] * rad) * Math.sin(((b[1] - a[1]) * rad) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

describe('boundingBox', () => {
  it('holds every point of the circle, in Milan and in Palermo', () => {
    for (const [lat, lng] of [
      [45.4642, 9.19],
      [38.1157, 13.3615],
    ] as const) {
      const box = boundingBox(lat, lng, 10);
      for (let deg = 0; deg < 360; deg += 5) {
        // A point 9.99 km away in every direction lies in the box.
        const r = (9.99 / 6371) * (180 / Math.PI);
        const p: [number, number] = [lat + r * Math.cos((deg * Math.PI) / 180), lng + (r * Math.sin((deg * Math.PI) / 180)) / Math.cos((lat * Math.PI) / 180)];
        expect(distanceKm([lat, lng], p)).toBeLessThan(10.05);
        expect(p[0]).toBeGreaterThanOrEqual(box.minLat);
        expect(p[0]).toBeLessThanOrEqual(box.maxLat);
        expect(p[1]).toBeGreaterThanOrEqual(box.minLng);
        expect(p[1]).toBeLessThanOrEqual(box.maxLng);
      }
    }
  });
});

describe('cellsAround', () => {
  it('covers a 10 km circle in Milan with cells of 0.1°, as geo_cells() names them', () => {
    const cells = cellsAround(boundingBox(45.4642, 9.19, 10))!;
    expect(cells.length).toBeLessThanOrEqual(48);
    // Milan's centre (45.46, 9.19) lies in cell 454_91; a point 9 km north (45.545) in 455_91.
    expect(cells).toContain('geod454_91');
    expect(cells).toContain('geod455_91');
    expect(cells.every((c) => /^geod\d+_\d+$/.test(c))).toBe(true);
  });

  it('takes the 1° cells for a wide radius, and gives up beyond them', () => {
    expect(cellsAround(boundingBox(41.9028, 12.4964, 150))!.every((c) => c.startsWith('geou'))).toBe(true);
    expect(cellsAround({ minLat: 0, maxLat: 40, minLng: 0, maxLng: 40 })).toBeNull();
  });

  it('names cells south and west of zero with floor, as SQL does', () => {
    expect(cellsAround({ minLat: -0.05, maxLat: -0.05, minLng: -0.15, maxLng: -0.15 })).toEqual(['geod-1_-2']);
  });
});
