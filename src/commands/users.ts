import { randomUUID } from 'node:crypto';
import type { Pool } from '../db/pool.js';
import type { EventStore, Position } from '../eventstore/types.js';
import type { CommandContext, Role } from '../domain/shared/context.js';
import { DomainError } from '../domain/shared/errors.js';
import { handleCommand } from '../domain/shared/handle-command.js';
import { claimUnique, releaseUnique } from '../domain/shared/uniqueness.js';
import { hashPassword } from '../domain/users/passwords.js';
import { userDecider, userStreamId, type UserCommand } from '../domain/users/decider.js';
import { readSiteSettings } from '../projections/site-settings.js';

export interface Registration {
  username: string;
  name: string;
  email: string;
  password: string;
  role: Role;
}

interface Deps {
  store: EventStore;
  pool: Pool;
}

/**
 * Registers a user: claims the username and the e-mail (case-insensitive, safe under concurrent
 * registrations), then starts the user's stream. A refused claim gives back what was taken.
 */
export async function registerUser(
  { store, pool }: Deps,
  input: Registration,
  ctx: CommandContext,
  { ignoreClosedRegistration = false } = {},
): Promise<{ userId: string; position: Position | null }> {
  if (!ignoreClosedRegistration && !(await readSiteSettings(pool)).allowRegistration) {
    throw new DomainError('Le registrazioni sono momentaneamente chiuse.', 403);
  }
  const userId = randomUUID();
  const passwordHash = await hashPassword(input.password);
  const ownerExists = async (ownerId: string): Promise<boolean> =>
    (await store.readStream(userStreamId(ownerId), { maxCount: 1 })).length > 0;

  if (!(await claimUnique(store, 'username', input.username, userId, ctx, ownerExists))) {
    throw new DomainError('Questo username è già in uso.', 409, { username: 'Questo username è già in uso.' });
  }
  if (!(await claimUnique(store, 'email', input.email, userId, ctx, ownerExists))) {
    await releaseUnique(store, 'username', input.username, userId, ctx);
    throw new DomainError('Questa e-mail è già registrata.', 409, { email: 'Questa e-mail è già registrata.' });
  }
  const { position } = await handleCommand(
    store,
    userStreamId(userId),
    userDecider,
    { type: 'RegisterUser', userId, username: input.username, name: input.name, email: input.email, role: input.role, passwordHash },
    ctx,
  );
  return { userId, position };
}

/** Sends a command to an existing user's stream. */
export async function changeUser(
  { store }: Pick<Deps, 'store'>,
  userId: string,
  command: Exclude<UserCommand, { type: 'RegisterUser' }>,
  ctx: CommandContext,
): Promise<Position | null> {
  return (await handleCommand(store, userStreamId(userId), userDecider, command, ctx)).position;
}
