import { randomUUID } from 'node:crypto';
import type { EventStore, Position } from '../../platform/eventstore/types.js';
import { categoryDecider, categoryStreamId, retailCategories } from './categories.js';
import { systemContext } from '../../platform/domain/context.js';
import { handleCommand } from '../../platform/commands/handle-command.js';
import { claimUnique } from '../../platform/commands/uniqueness.js';

/**
 * Creates the retail categories that do not exist yet; run at every start, so a new category in
 * the list reaches existing databases. Returns the position of the last one created.
 */
export async function ensureCategories(store: EventStore): Promise<Position | null> {
  const ctx = systemContext();
  const exists = async (id: string) => (await store.readStream(categoryStreamId(id), { maxCount: 1 })).length > 0;
  let last: Position | null = null;
  for (const category of retailCategories) {
    const id = randomUUID();
    if (!(await claimUnique(store, 'category-slug', category.slug, id, ctx, exists))) continue;
    last = (await handleCommand(store, categoryStreamId(id), categoryDecider, { type: 'CreateCategory', id, fields: { ...category, parentId: null } }, ctx)).position ?? last;
  }
  return last;
}
