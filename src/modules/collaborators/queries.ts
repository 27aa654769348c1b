import { z } from 'zod';
import { sql, type ReadDb } from '../../platform/db/read.js';
import { anyOf, type ListResource } from '../../platform/http/admin-rest.js';
import type { Paging } from '../../platform/http/paging.js';
import { boundingBox } from '../../platform/http/geo.js';
import { approvalStatuses, collaboratorServices, collaboratorStatuses, type CollaboratorService } from './collaborator.js';
import {
  adminCollaborator,
  collaboratorProfile,
  coverageArea,
  coveringCollaborator,
  MAX_STORES_IN_AREA,
  type CollaboratorCard,
  type CollaboratorProfileAnswer,
  type CoveringCollaborator,
  storeInArea,
  type StoresInArea,
} from './contract.js';

/**
 * A row of `collaborators` with its user's name, as every answer reads it: the profile with its
 * coverage area's fields side by side (profileOf() puts them back together); the rating, a numeric, arrives as text.
 */
const profileRow = collaboratorProfile.omit({ coverageArea: true }).extend({ ...coverageArea.shape, rating: z.coerce.number() });
type ProfileRow = z.infer<typeof profileRow>;

const profileColumns = sql.fragment`c.user_id AS "userId", coalesce(u.name, '') AS name, c.status, c.approval_status AS "approvalStatus",
  c.can_activate_sessions AS "canActivateSessions", c.approved_at AS "approvedAt", c.decision_reason AS "decisionReason", c.rating,
  c.credits_earned AS "creditsEarned", c.address, c.latitude, c.longitude, c.radius_km AS "radiusKm", c.services, c.is_available AS "isAvailable",
  c.availability, c.bio, c.created_at AS "createdAt", c.updated_at AS "updatedAt"`;

export const profileOf = ({ address, latitude, longitude, radiusKm, ...rest }: ProfileRow): CollaboratorProfileAnswer => ({
  ...rest,
  coverageArea: { address, latitude, longitude, radiusKm },
});

/** What a shopkeeper may read of a collaborator (contract.ts collaboratorCard): no address, point, earnings or admin's notes. */
export const cardOf = (p: Pick<ProfileRow, keyof CollaboratorCard>): CollaboratorCard => ({
  userId: p.userId,
  name: p.name,
  status: p.status,
  approvalStatus: p.approvalStatus,
  canActivateSessions: p.canActivateSessions,
  rating: p.rating,
  radiusKm: p.radiusKm,
  services: p.services,
  isAvailable: p.isAvailable,
  availability: p.availability,
  bio: p.bio,
});

/** One collaborator's profile row, or null when they never registered. */
export async function collaboratorRow(db: ReadDb, userId: string): Promise<ProfileRow | null> {
  return db.maybeOne(sql.type(profileRow)`SELECT ${profileColumns} FROM collaborators c LEFT JOIN users u ON u.id = c.user_id WHERE c.user_id = ${userId}`);
}

const pointRow = z.object({ latitude: z.number(), longitude: z.number() });

/** The point of the shopkeeper's store (their first, as /api/stores/me reads it), or null without one. */
export async function shopPointOf(db: ReadDb, ownerId: string): Promise<{ latitude: number; longitude: number } | null> {
  return db.maybeOne(sql.type(pointRow)`SELECT latitude, longitude FROM stores WHERE owner_id = ${ownerId} ORDER BY created_at, id LIMIT 1`);
}

/** Only what the card shows (cardOf()) and the distance: hundreds of rows in a city, each column parsed costs. */
const coveringRow = coveringCollaborator.extend({ rating: profileRow.shape.rating });

/**
 * The collaborators offered to a shop at `point` (issue [12]): approved, active and available,
 * whose coverage circle holds the point (distance to their centre ≤ their radius), offering every
 * one of `services` when given; nearest first. Only the offered ones are in the partial GiST index
 * of their circles' bounding boxes (migration 053 coverage_box()): it gives the ones whose box
 * holds the point, and each one's own circle is checked with distance_km() (migration 014). The
 * plan is the same wherever the point is, so the read is prepared once per connection (read.ts).
 */
export async function collaboratorsCovering(
  db: ReadDb,
  point: { latitude: number; longitude: number },
  { services = [] }: { services?: readonly CollaboratorService[] } = {},
): Promise<CoveringCollaborator[]> {
  return (await collaboratorsCoveringPage(db, point, { services })).items;
}

const coveringPageRow = coveringRow.extend({ total: z.coerce.number().int() });

/**
 * One page of collaboratorsCovering() (the shop's page: the nearest first, `paging` at a time)
 * and how many cover the point in all. In a big city hundreds cover a shop: the circles are
 * matched and counted in the index, and only the page's rows are joined to their names and sent.
 */
export async function collaboratorsCoveringPage(
  db: ReadDb,
  point: { latitude: number; longitude: number },
  { services = [], paging }: { services?: readonly CollaboratorService[]; paging?: Paging },
): Promise<{ items: CoveringCollaborator[]; total: number }> {
  const { latitude: lat, longitude: lng } = point;
  const limit = paging ? sql.fragment`LIMIT ${paging.pageSize} OFFSET ${(paging.page - 1) * paging.pageSize}` : sql.fragment``;
  const rows = await db.any(sql.type(coveringPageRow)`
    SELECT c.user_id AS "userId", coalesce(u.name, '') AS name, c.status, c.approval_status AS "approvalStatus",
      c.can_activate_sessions AS "canActivateSessions", c.rating, c.radius_km AS "radiusKm", c.services, c.is_available AS "isAvailable",
      c.availability, c.bio, n.distance_km AS "distanceKm", n.total
    FROM (
      SELECT user_id, distance_km(${lat}, ${lng}, latitude, longitude) AS distance_km, count(*) OVER () AS total
      FROM collaborators
      WHERE approval_status = 'approved' AND status = 'active' AND is_available
        AND coverage_box(latitude, longitude, radius_km) @> box(point(${lng}::float8, ${lat}::float8), point(${lng}::float8, ${lat}::float8))
        AND distance_km(${lat}, ${lng}, latitude, longitude) <= radius_km
        AND services @> ${sql.array([...services], 'text')}
      ORDER BY distance_km, user_id
      ${limit}
    ) n
    JOIN collaborators c ON c.user_id = n.user_id
    LEFT JOIN users u ON u.id = c.user_id
    ORDER BY n.distance_km, c.user_id`);
  const total = rows[0]?.total ?? (paging && paging.page > 1 ? await coveringCount(db, point, services) : 0);
  return { items: rows.map((r) => ({ ...cardOf(r), distanceKm: Math.round(r.distanceKm * 100) / 100 })), total };
}

const countRow = z.object({ n: z.coerce.number().int() });

/** How many cover the point: for a page past the last, which has no row to carry the count. */
async function coveringCount(db: ReadDb, { latitude: lat, longitude: lng }: { latitude: number; longitude: number }, services: readonly CollaboratorService[]): Promise<number> {
  return db.oneFirst(sql.type(countRow)`
    SELECT count(*) AS n FROM collaborators
    WHERE approval_status = 'approved' AND status = 'active' AND is_available
      AND coverage_box(latitude, longitude, radius_km) @> box(point(${lng}::float8, ${lat}::float8), point(${lng}::float8, ${lat}::float8))
      AND distance_km(${lat}, ${lng}, latitude, longitude) <= radius_km
      AND services @> ${sql.array([...services], 'text')}`);
}

/** A shop of the circle as read, before its city is taken from its address; with how many shops the circle holds. */
const storeInAreaRow = storeInArea.omit({ city: true }).extend({ total: z.number().int() });

/**
 * The city of an address as shops write it ("Via Roma 1, 20121 Milano (MI)" → "Milano"): its last
 * part after a comma, without the postcode and the province ("(MI)" or "MI"); empty when there is no comma.
 */
export function cityOfAddress(address: string): string {
  const parts = address
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length < 2) return '';
  return parts
    .at(-1)!
    .replace(/^\d{5}\s*/, '')
    .replace(/\s+(\([A-Za-z]{2}\)|[A-Z]{2})$/, '')
    .trim();
}

/**
 * The active shops inside a circle (a collaborator's coverage area), nearest first: the first
 * `MAX_STORES_IN_AREA` of them and how many there are in all. As collaboratorsCovering and the
 * nearby search: the partial index stores_position (migration 014, active shops only) narrowed to
 * the circle's box, then distance_km() ≤ radius; only public fields are read.
 */
export async function storesInCircle(db: ReadDb, area: { latitude: number; longitude: number; radiusKm: number }): Promise<StoresInArea> {
  const { latitude: lat, longitude: lng, radiusKm } = area;
  const box = boundingBox(lat, lng, radiusKm);
  const rows = await db.any(sql.type(storeInAreaRow)`SELECT s.id, s.name, s.slug, s.category, s.address, s.latitude, s.longitude, s.logo,
      n.distance_km AS "distanceKm", n.total::int AS total
    FROM (
      SELECT id, distance_km(${lat}, ${lng}, latitude, longitude) AS distance_km, count(*) OVER () AS total
      FROM stores
      WHERE status = 'active'
        AND latitude BETWEEN ${box.minLat} AND ${box.maxLat} AND longitude BETWEEN ${box.minLng} AND ${box.maxLng}
        AND distance_km(${lat}, ${lng}, latitude, longitude) <= ${radiusKm}::float8
      ORDER BY 2, id
      LIMIT ${MAX_STORES_IN_AREA}
    ) n JOIN stores s ON s.id = n.id
    ORDER BY n.distance_km, n.id`);
  return {
    coverageArea: { latitude: lat, longitude: lng, radiusKm },
    total: rows[0]?.total ?? 0,
    stores: rows.map(({ total: _total, distanceKm, ...store }) => ({ ...store, city: cityOfAddress(store.address), distanceKm: Math.round(distanceKm * 100) / 100 })),
  };
}

/** The Italian label of each service, for mails and pages. */
export const serviceLabel = (id: CollaboratorService): string => collaboratorServices[id];

const user = (col: string) => `(SELECT ${col} FROM users WHERE id = c.user_id)`;

/** The admin's list: pending profiles first, then the oldest first. */
export const collaboratorsResource: ListResource = {
  name: 'collaborators',
  from: 'collaborators c',
  select: `c.user_id AS id, c.user_id AS "userId", coalesce(${user('name')}, '') AS name, coalesce(${user('username')}, '') AS username,
    coalesce(${user('email')}, '') AS email, c.status, c.approval_status AS "approvalStatus", c.can_activate_sessions AS "canActivateSessions",
    c.approved_at AS "approvedAt", c.decision_reason AS "decisionReason", c.rating::float8 AS rating, c.credits_earned AS "creditsEarned",
    json_build_object('address', c.address, 'latitude', c.latitude, 'longitude', c.longitude, 'radiusKm', c.radius_km) AS "coverageArea",
    c.services, c.is_available AS "isAvailable", c.availability, c.bio, c.created_at AS "createdAt", c.updated_at AS "updatedAt"`,
  id: 'c.user_id',
  sortable: {
    id: 'c.user_id',
    approvalStatus: 'c.approval_status',
    status: 'c.status',
    rating: 'c.rating',
    createdAt: 'c.created_at',
    updatedAt: 'c.updated_at',
    name: user('lower(name)'),
  },
  defaultOrder: `(c.approval_status <> 'pending'), c.created_at, c.user_id`,
  filters: {
    approvalStatus: anyOf(approvalStatuses, 'Stato di approvazione', 'c.approval_status'),
    status: anyOf(collaboratorStatuses, 'Stato', 'c.status'),
  },
  searchText: user('admin_text'),
  notFound: 'Collaboratore non trovato.',
  row: adminCollaborator,
};
