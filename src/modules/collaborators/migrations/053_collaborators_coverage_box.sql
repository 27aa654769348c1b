-- "Who covers this point" (issue [12], npm run bench:collaborators): on 20,000 collaborators
-- clustered around the cities, 048's (latitude, longitude) index read every offered collaborator
-- in the box of the widest radius (100 km) around the shop, thousands in Milan, and checked each
-- one's circle: 27 ms for the query alone at the median, 80 ms at p95. Each offered collaborator's
-- own circle now sits in a GiST index as its bounding box (in degrees, x = longitude, y = latitude;
-- the same box as src/platform/http/geo.ts boundingBox(), 1% to spare), and the query asks for the
-- boxes that contain the shop's point: only those whose circle may hold it (about 4/π of the
-- answer), each then checked with distance_km().
CREATE FUNCTION coverage_box(lat double precision, lng double precision, radius_km double precision) RETURNS box
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT box(
    point(lng - radius_km / (111.32 * greatest(cos(radians(lat)), 0.01)) * 1.01, lat - radius_km / 111.2 * 1.01),
    point(lng + radius_km / (111.32 * greatest(cos(radians(lat)), 0.01)) * 1.01, lat + radius_km / 111.2 * 1.01)
  ) $$;

-- The same predicate as collaboratorsCovering()'s (and 048's collaborators_offered, which the
-- notifications' set-based match of waiting requests still reads).
CREATE INDEX collaborators_offered_coverage ON collaborators USING gist (coverage_box(latitude, longitude, radius_km))
  WHERE approval_status = 'approved' AND status = 'active' AND is_available;
