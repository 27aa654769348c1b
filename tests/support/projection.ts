import { createReadDb, type ReadDb } from '../../src/platform/db/read.js';
import type { Projection } from '../../src/platform/projections/projection.js';
import { projectionSpec, type ProjectionSpec } from '../../src/platform/testing/projection-spec.js';
import { createTestDatabase } from './database.js';
import { madeBeforeAll } from './made.js';

/**
 * A read model test's own migrated database, made before the file's tests and dropped after, and
 * the projection's spec on it (src/platform/testing/projection-spec.ts), with the read side's
 * client (`db`) for the module's queries. Pass the projection by its imported name:
 * src/modules/projection-tests.unit.test.ts follows these calls to check that every read model
 * has a test.
 */
export function useProjection(projection: Projection): ProjectionSpec & { readonly db: ReadDb } {
  const made = madeBeforeAll(
    async () => {
      const db = await createTestDatabase();
      return { db, read: await createReadDb(db.url, 2) };
    },
    async ({ db, read }) => {
      await read.end();
      await db.drop();
    },
  );
  const spec = projectionSpec(projection, () => made.db.pool);
  return Object.defineProperty(spec, 'db', { get: () => made.read }) as ProjectionSpec & { readonly db: ReadDb };
}
