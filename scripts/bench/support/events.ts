import { randomBytes, randomUUID } from 'node:crypto';
import type { Role } from '../../../src/platform/domain/context.js';
import type { UserEvent } from '../../../src/modules/users/user.js';
import type { EventMetadata, NewEvent } from '../../../src/platform/eventstore/types.js';
export { seededRandom } from '../../../src/seed-large.js';

/** A user event ready to append: its data typed by its type, as the decider would emit it. */
export type NewUserEvent = {
  [K in UserEvent['type']]: NewEvent<K, Extract<UserEvent, { type: K }>['data']>;
}[UserEvent['type']];

type UserRegisteredEvent = Extract<NewUserEvent, { type: 'UserRegistered' }>;

const pick = <T>(random: () => number, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

const firstNames = ['Giulia', 'Marco', 'Francesca', 'Luca', 'Chiara', 'Alessandro', 'Sara', 'Matteo', 'Elena', 'Davide'];
const lastNames = ['Rossi', 'Bianchi', 'Esposito', 'Romano', 'Colombo', 'Ricci', 'Marino', 'Greco', 'Bruno', 'Gallo'];
const signupRoles: readonly Role[] = ['customer', 'customer', 'customer', 'customer', 'shopkeeper', 'collaborator'];
const allRoles: readonly Role[] = ['admin', 'shopkeeper', 'collaborator', 'customer'];
const suspensionReasons = ['Segnalazioni ripetute', 'Pagamento contestato', 'Richiesta del titolare', 'Verifica identità'];

/** The admin who suspends users and changes roles in the seeded history. */
const adminId = randomUUID();

/** A hash shaped as passwords.ts stores it (`scrypt$N$r$p$salt$hash`): same size, no scrypt cost. */
function fakePasswordHash(): string {
  return ['scrypt', 32768, 8, 1, randomBytes(16).toString('base64url'), randomBytes(64).toString('base64url')].join('$');
}

/** The metadata of an event a user did now. */
export const benchMetadata = (userId: string): EventMetadata => metadata(new Date(), { userId, role: 'customer' });

function metadata(at: Date, actor: { userId: string; role: Role } | null): EventMetadata {
  return {
    actorUserId: actor?.userId ?? null,
    actorRole: actor?.role ?? null,
    correlationId: randomUUID(),
    causationId: null,
    at: at.toISOString(),
  };
}

/** `UserRegistered` of a self sign-up; `tag` keeps usernames and e-mails unique across runs of the phases. */
export function userRegistered(userId: string, tag: string, index: number, random: () => number, at = new Date()): UserRegisteredEvent {
  const first = pick(random, firstNames);
  const last = pick(random, lastNames);
  const username = `${first}.${last}.${tag}${index}`.toLowerCase();
  return {
    id: randomUUID(),
    type: 'UserRegistered',
    data: {
      userId,
      username,
      name: `${first} ${last}`,
      email: `${username}@example.it`,
      role: pick(random, signupRoles),
      passwordHash: fakePasswordHash(),
    },
    metadata: metadata(at, null),
  };
}

/**
 * What later happens to a user, following the decider's rules (a suspended user is reactivated,
 * never suspended twice; a role change changes the role): an admin's doing, or the user's own
 * "log out everywhere".
 */
function followUp(userId: string, state: { suspended: boolean; role: Role }, random: () => number, at: Date): NewUserEvent {
  const byAdmin = metadata(at, { userId: adminId, role: 'admin' });
  const roll = random();
  if (roll < 0.3) {
    state.suspended = !state.suspended;
    return state.suspended
      ? { id: randomUUID(), type: 'UserSuspended', data: { reason: pick(random, suspensionReasons) }, metadata: byAdmin }
      : { id: randomUUID(), type: 'UserReactivated', data: {}, metadata: byAdmin };
  }
  if (roll < 0.6) {
    state.role = pick(
      random,
      allRoles.filter((r) => r !== state.role),
    );
    return { id: randomUUID(), type: 'UserRoleChanged', data: { role: state.role }, metadata: byAdmin };
  }
  return { id: randomUUID(), type: 'UserSessionsRevoked', data: {}, metadata: metadata(at, { userId, role: state.role }) };
}

/** One user's stream: registration, then `followUps` later events, an hour apart from `start`. */
export function userHistory(userId: string, tag: string, index: number, followUps: number, random: () => number, start: Date): NewUserEvent[] {
  const hour = 3_600_000;
  const registered = userRegistered(userId, tag, index, random, start);
  const state = { suspended: false, role: registered.data.role };
  const later = Array.from({ length: followUps }, (_, i) => followUp(userId, state, random, new Date(start.getTime() + (i + 1) * hour)));
  return [registered, ...later];
}

/** An event shaped like a registration, for the raw append benchmarks (no projection reads it). */
export function benchEvent(random: () => number, index: number): NewEvent {
  const shaped = userRegistered(randomUUID(), 'bench', index, random);
  return { ...shaped, type: 'BenchAppended' };
}
