import { handleCommand } from '../../../src/platform/commands/handle-command.js';
import type { CommandContext } from '../../../src/platform/domain/context.js';
import type { EventStore, Position } from '../../../src/platform/eventstore/types.js';
import { tallyDecider, tallyStreamId } from './tally.js';

/** Counts `by` on the tally `id`. */
export async function countTally(store: EventStore, id: string, by: number, ctx: CommandContext): Promise<Position | null> {
  const { position } = await handleCommand(store, tallyStreamId(id), tallyDecider(id), { type: 'CountTally', by }, ctx);
  return position;
}
