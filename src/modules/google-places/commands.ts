import type { Position } from '../../platform/eventstore/types.js';
import { handleCommand } from '../../platform/commands/handle-command.js';
import type { CommandContext } from '../../platform/domain/context.js';
import type { CommandDeps } from '../../platform/module.js';
import { googlePlaceDecider, googlePlaceStreamId } from './google-place.js';

/** The shopkeeper links their shop to its Google place (issue [22]). */
export async function linkGooglePlace({ store }: Pick<CommandDeps, 'store'>, storeId: string, placeId: string, ctx: CommandContext): Promise<Position | null> {
  return (await handleCommand(store, googlePlaceStreamId(storeId), googlePlaceDecider, { type: 'LinkGooglePlace', storeId, placeId }, ctx)).position;
}

/** The shopkeeper takes the link away. */
export async function unlinkGooglePlace({ store }: Pick<CommandDeps, 'store'>, storeId: string, ctx: CommandContext): Promise<Position | null> {
  return (await handleCommand(store, googlePlaceStreamId(storeId), googlePlaceDecider, { type: 'UnlinkGooglePlace', storeId }, ctx)).position;
}
