import type { Feature, FeatureAdmin } from '../app/feature';

/** Every feature's back office (features/<name>/admin/index.ts(x), exporting `admin`), each a chunk of its own. */
const adminModules = import.meta.glob<{ admin: FeatureAdmin }>('../features/*/admin/index.{ts,tsx}');

/** A module of the back office, by its path from this folder (`../features/<name>/admin/index.ts`). */
export type AdminModules = Record<string, () => Promise<{ admin: FeatureAdmin }>>;

/**
 * The back office of each feature of `list` that has one, fetched together: a feature's folder is
 * found by its name, and a feature not in the list adds nothing, whatever its folder holds.
 */
export function loadAdminParts(list: readonly Feature<string>[], modules: AdminModules = adminModules): Promise<(FeatureAdmin | undefined)[]> {
  return Promise.all(
    list.map(async ({ name }) => {
      const load = modules[`../features/${name}/admin/index.ts`] ?? modules[`../features/${name}/admin/index.tsx`];
      return load ? (await load()).admin : undefined;
    }),
  );
}
