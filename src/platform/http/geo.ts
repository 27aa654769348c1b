/** A latitude/longitude box that holds every point within `radiusKm` of the centre (1% to spare). */
export function boundingBox(lat: number, lng: number, radiusKm: number): { minLat: number; maxLat: number; minLng: number; maxLng: number } {
  const dLat = (radiusKm / 111.2) * 1.01;
  const dLng = (radiusKm / (111.32 * Math.max(Math.cos((lat * Math.PI) / 180), 0.01))) * 1.01;
  return { minLat: lat - dLat, maxLat: lat + dLat, minLng: lng - dLng, maxLng: lng + dLng };
}

type Box = ReturnType<typeof boundingBox>;

/**
 * The grid cells a product's position is written in (migration 007 geo_cells(), used by 014's
 * near_words()): one cell of 0.1° (about 11 × 8 km in Italy) and one of 1°. Must match SQL exactly.
 */
const levels = [
  { prefix: 'geod', perDegree: 10 },
  { prefix: 'geou', perDegree: 1 },
] as const;

/** At most this many cells in one query: beyond, the next coarser level is used. */
const maxCells = 48;

/**
 * The cells that cover a box, finest level that stays within `maxCells` (["geod454_91", …]);
 * null when even the coarsest level needs more. The search then asks the full-text index for the
 * words written in those cells only (SQL near_query(), queries.ts nearQueries()).
 */
export function cellsAround(box: Box): string[] | null {
  for (const { prefix, perDegree } of levels) {
    const lat0 = Math.floor(box.minLat * perDegree);
    const lat1 = Math.floor(box.maxLat * perDegree);
    const lng0 = Math.floor(box.minLng * perDegree);
    const lng1 = Math.floor(box.maxLng * perDegree);
    if ((lat1 - lat0 + 1) * (lng1 - lng0 + 1) > maxCells) continue;
    const cells: string[] = [];
    for (let a = lat0; a <= lat1; a++) for (let b = lng0; b <= lng1; b++) cells.push(`${prefix}${a}_${b}`);
    return cells;
  }
  return null;
}
