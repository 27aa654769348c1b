import { DomainError } from '../../platform/domain/errors.js';
import type { ProjectionHost } from '../../platform/projections/host.js';

/**
 * Empties a read model and resets its checkpoint: the runner holding the projection's lock, in
 * this process or another, rebuilds it in the background while the live tables keep answering.
 */
export async function rebuildProjection({ projections }: { projections: ProjectionHost }, name: string): Promise<void> {
  if (!projections.projections.some((p) => p.name === name)) throw new DomainError(`Proiezione sconosciuta: «${name}».`, 'not-found');
  await projections.rebuild(name);
}
