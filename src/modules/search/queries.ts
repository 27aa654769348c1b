import { z } from 'zod';
import { column, sql, type ReadDb } from '../../platform/db/read.js';
import type { boundingBox } from '../../platform/http/geo.js';

type Box = ReturnType<typeof boundingBox>;

/** A text[] parameter, or a null one (the query then ignores what it filters). */
const textArray = (values: readonly string[] | null) => (values ? sql.array(values, sql.fragment`text[]`) : sql.fragment`${null}::text[]`);

const nearbyRow = z.object({
  id: column.uuid,
  name: z.string(),
  slug: z.string(),
  category: z.string(),
  address: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  logo: z.string().nullable(),
  /** Today's opening slots (Rome's clock). */
  today: z.array(z.object({ open: z.string(), close: z.string() })).nullable(),
  distance_km: z.number(),
});
export type NearbyRow = z.infer<typeof nearbyRow>;

/**
 * The nearest `limit` active shops within `radius` km, of a category, whose name or description
 * holds every pattern (`patterns`, search-words.ts textPatterns). They are chosen from the position
 * index alone (migration 014), with the distance as one inlined expression; only they are then
 * read, with today's hours only (`day`, 0 = Sunday).
 */
export async function nearbyStores(
  db: ReadDb,
  near: { lat: number; lng: number; radius: number; box: Box; category: string | null; patterns: string[] | null; day: string; limit: number },
): Promise<readonly NearbyRow[]> {
  const { lat, lng, radius, box, category, patterns, day, limit } = near;
  return db.any(sql.type(nearbyRow)`SELECT s.id, s.name, s.slug, s.category, s.address, s.latitude, s.longitude, s.logo, s.opening_hours -> ${day}::text AS today, n.distance_km
       FROM (
         SELECT id, distance_km(${lat}, ${lng}, latitude, longitude) AS distance_km
         FROM stores
         WHERE status = 'active'
           AND latitude BETWEEN ${box.minLat} AND ${box.maxLat} AND longitude BETWEEN ${box.minLng} AND ${box.maxLng}
           AND distance_km(${lat}, ${lng}, latitude, longitude) <= ${radius}::float8
           AND (${category}::text IS NULL OR category = ${category})
           AND (${textArray(patterns)} IS NULL OR f_unaccent(lower(name || ' ' || description)) ~ ALL (${textArray(patterns)}))
         ORDER BY 2, id
         LIMIT ${limit}
       ) n JOIN stores s ON s.id = n.id
       ORDER BY n.distance_km, n.id`);
}
