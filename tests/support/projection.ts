import { afterAll, beforeAll } from 'vitest';
import type { Projection } from '../../src/platform/projections/projection.js';
import { projectionSpec, type ProjectionSpec } from '../../src/platform/testing/projection-spec.js';
import { createTestDatabase, type TestDatabase } from './database.js';

/**
 * A read model test's own migrated database, made before the file's tests and dropped after, and
 * the projection's spec on it (src/platform/testing/projection-spec.ts). Pass the projection by
 * its imported name: src/modules/projection-tests.unit.test.ts follows these calls to check that
 * every read model has a test.
 */
export function useProjection(projection: Projection): ProjectionSpec {
  let db: TestDatabase | undefined;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db?.drop();
  });
  return projectionSpec(projection, () => {
    if (!db) throw new Error('The test database is made in beforeAll: use the spec inside a test');
    return db.pool;
  });
}
