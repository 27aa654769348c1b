import { randomUUID } from 'node:crypto';
import type { Pool } from '../../platform/db/pool.js';
import type { ReadDb } from '../../platform/db/read.js';
import type { EventStore, Position } from '../../platform/eventstore/types.js';
import type { CommandContext, Role } from '../../platform/domain/context.js';
import { DomainError } from '../../platform/domain/errors.js';
import { handleCommand } from '../../platform/commands/handle-command.js';
import { claimUnique, releaseUnique } from '../../platform/commands/uniqueness.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { userDecider, userStreamId, type UserCommand } from './user.js';
import { readSiteSettingsFromPool } from '../settings/site-settings-projection.js';
import type { UserStatus } from './contract.js';
import { userById } from './queries.js';

export interface Registration {
  username: string;
  name: string;
  email: string;
  password: string;
  role: Role;
}

interface Deps {
  store: EventStore;
  /** Registration asks the site settings through it (the seed registers with the pool alone). */
  pool: Pool;
}

interface ReadingDeps {
  store: EventStore;
  db: ReadDb;
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
  if (!ignoreClosedRegistration && !(await readSiteSettingsFromPool(pool)).allowRegistration) {
    throw new DomainError('Le registrazioni sono momentaneamente chiuse.', 'forbidden');
  }
  const userId = randomUUID();
  const passwordHash = await hashPassword(input.password);
  const ownerExists = async (ownerId: string): Promise<boolean> => (await store.readStream(userStreamId(ownerId), { maxCount: 1 })).length > 0;

  if (!(await claimUnique(store, 'username', input.username, userId, ctx, ownerExists))) {
    throw new DomainError('Questo username è già in uso.', 'conflict', { username: 'Questo username è già in uso.' });
  }
  if (!(await claimUnique(store, 'email', input.email, userId, ctx, ownerExists))) {
    await releaseUnique(store, 'username', input.username, userId, ctx);
    throw new DomainError('Questa e-mail è già registrata.', 'conflict', { email: 'Questa e-mail è già registrata.' });
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

/**
 * Changes a user's name and e-mail. A new e-mail is claimed first (409 when someone has it) and
 * the old one given back once the change is in the log; a refused change gives the new one back.
 */
export async function changeProfile({ store, db }: ReadingDeps, userId: string, input: { name?: string; email?: string }, ctx: CommandContext): Promise<Position | null> {
  const current = await userById(db, userId);
  if (!current) throw new DomainError('Utente non trovato', 'not-found');
  const newEmail = input.email !== undefined && input.email.toLowerCase() !== current.email.toLowerCase() ? input.email : null;
  const ownerExists = async (ownerId: string): Promise<boolean> => (await store.readStream(userStreamId(ownerId), { maxCount: 1 })).length > 0;
  if (newEmail && !(await claimUnique(store, 'email', newEmail, userId, ctx, ownerExists))) {
    throw new DomainError('Questa e-mail è già registrata.', 'conflict', { email: 'Questa e-mail è già registrata.' });
  }
  let position: Position | null;
  try {
    position = await changeUser({ store }, userId, { type: 'ChangeUserProfile', name: input.name, email: input.email }, ctx);
  } catch (error) {
    if (newEmail) await releaseUnique(store, 'email', newEmail, userId, ctx);
    throw error;
  }
  if (newEmail) await releaseUnique(store, 'email', current.email, userId, ctx);
  return position;
}

/**
 * Sets a new password when the current one is right (422 otherwise), as `check` finds it (the
 * HTTP layer's check is throttled).
 */
export async function changePassword(
  { store, db }: ReadingDeps,
  userId: string,
  input: { currentPassword: string; newPassword: string },
  ctx: CommandContext,
  check: (password: string, hash: string) => Promise<boolean> = verifyPassword,
): Promise<Position | null> {
  const current = await userById(db, userId);
  if (!current) throw new DomainError('Utente non trovato', 'not-found');
  if (!(await check(input.currentPassword, current.password_hash))) {
    throw new DomainError('La password attuale non è corretta.', 'rule', { currentPassword: 'La password attuale non è corretta.' });
  }
  return changeUser({ store }, userId, { type: 'ChangeUserPassword', passwordHash: await hashPassword(input.newPassword) }, ctx);
}

const statusCommand = (status: UserStatus, reason: string): Exclude<UserCommand, { type: 'RegisterUser' }> =>
  status === 'suspended' ? { type: 'SuspendUser', reason } : status === 'inactive' ? { type: 'DeactivateUser' } : { type: 'ReactivateUser' };

/** An admin acts on accounts, never on their own: they would lock themselves out. */
function notSelf(adminId: string, userId: string): void {
  if (userId === adminId) throw new DomainError('Non puoi cambiare ruolo o stato del tuo stesso account.', 'rule');
}

/** An admin's action on another account (suspend, deactivate, reactivate). */
export async function actOnUser(
  { store }: Pick<Deps, 'store'>,
  adminId: string,
  userId: string,
  command: Exclude<UserCommand, { type: 'RegisterUser' }>,
  ctx: CommandContext,
): Promise<Position | null> {
  notSelf(adminId, userId);
  return changeUser({ store }, userId, command, ctx);
}

/**
 * The admin's form of an account (react-admin's PUT of the whole record): a role or status other
 * than `current` is changed, a suspension only with its reason, and a customer's price comparison
 * turned on (until a date) or off; what is unchanged is no change.
 */
export async function changeRoleAndStatus(
  { store }: Pick<Deps, 'store'>,
  adminId: string,
  current: { id: string; role: Role; status: UserStatus },
  {
    role,
    status,
    reason,
    priceComparisonEnabled,
    priceComparisonExpiresAt,
  }: {
    role?: Role;
    status?: UserStatus;
    reason?: string;
    priceComparisonEnabled?: boolean;
    priceComparisonExpiresAt?: string | null;
  },
  ctx: CommandContext,
): Promise<Position | null> {
  const newRole = role !== undefined && role !== current.role ? role : null;
  const newStatus = status !== undefined && status !== current.status ? status : null;
  if (newRole || newStatus) notSelf(adminId, current.id);
  if (newStatus === 'suspended' && !reason) {
    throw new DomainError('Indica il motivo della sospensione.', 'invalid', { reason: 'Motivo: campo obbligatorio per sospendere.' });
  }
  let position = newRole ? await changeUser({ store }, current.id, { type: 'ChangeUserRole', role: newRole }, ctx) : null;
  if (newStatus) position = (await changeUser({ store }, current.id, statusCommand(newStatus, reason ?? ''), ctx)) ?? position;
  if (priceComparisonEnabled !== undefined) {
    // The decider records it only when it differs from what the account has.
    const set = { type: 'SetPriceComparison', enabled: priceComparisonEnabled, expiresAt: priceComparisonExpiresAt ?? null } as const;
    position = (await changeUser({ store }, current.id, set, ctx)) ?? position;
  }
  return position;
}
