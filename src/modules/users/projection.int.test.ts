import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useProjection } from '../../../tests/support/projection.js';
import { EventLog } from '../../platform/testing/projection-spec.js';
import { userDecider, type UserCommand } from './user.js';
import { usersProjection } from './projection.js';

const spec = useProjection(usersProjection);
const log = new EventLog();

const user = (userId: string, command: UserCommand) => log.decide(`user-${userId}`, userDecider, command);
const register = (userId: string, email: string) =>
  user(userId, { type: 'RegisterUser', userId, username: `u-${userId.slice(0, 8)}`, name: 'Nome', email, role: 'customer', passwordHash: 'h0' });

const row = async (id: string) => (await spec.rows('SELECT name, email, password_hash, session_version FROM users WHERE id = $1', [id]))[0];

describe('users projection', () => {
  it('applies a batch where one user gives up an e-mail and a newcomer takes it, and edits of users registered in the same batch', async () => {
    const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()];
    const x = `x-${a.slice(0, 6)}@esempio.it`;
    await spec.apply(register(a, x));
    await spec.apply([
      ...user(a, { type: 'ChangeUserProfile', email: `y-${a.slice(0, 6)}@esempio.it` }),
      ...register(b, x),
      ...register(c, `c-${c.slice(0, 6)}@esempio.it`),
      ...user(c, { type: 'ChangeUserProfile', name: 'Carla Neri' }),
      ...user(c, { type: 'ChangeUserPassword', passwordHash: 'h1' }),
      ...user(a, { type: 'ChangeUserPassword', passwordHash: 'h2' }),
    ]);
    expect(await row(a)).toEqual({ name: 'Nome', email: `y-${a.slice(0, 6)}@esempio.it`, password_hash: 'h2', session_version: 1 });
    expect(await row(b)).toEqual({ name: 'Nome', email: x, password_hash: 'h0', session_version: 0 });
    expect(await row(c)).toEqual({ name: 'Carla Neri', email: `c-${c.slice(0, 6)}@esempio.it`, password_hash: 'h1', session_version: 1 });
  });

  it('keeps the last status and role, and moves the session version on each suspension, role change, revocation and password', async () => {
    const id = randomUUID();
    const events = [
      ...register(id, `s-${id.slice(0, 6)}@esempio.it`),
      ...user(id, { type: 'SuspendUser', reason: 'Frode' }),
      ...user(id, { type: 'ReactivateUser' }),
      ...user(id, { type: 'ChangeUserRole', role: 'shopkeeper' }),
      ...user(id, { type: 'RevokeUserSessions' }),
      ...user(id, { type: 'DeactivateUser' }),
    ];
    const expected = {
      id,
      username: `u-${id.slice(0, 8)}`,
      role: 'shopkeeper',
      status: 'inactive',
      session_version: 4,
      created_at: new Date(events[0]!.metadata.at),
      updated_at: new Date(events.at(-1)!.metadata.at),
    };
    const read = async () => (await spec.rows('SELECT id, username, role, status, session_version, created_at, updated_at FROM users WHERE id = $1', [id]))[0];
    // The projection folds a batch into a few statements: one event at a time must leave the same row.
    await spec.apply(events, { batchSize: 1 });
    expect(await read()).toEqual(expected);
    await spec.reset();
    await spec.apply(events);
    expect(await read()).toEqual(expected);
  });
});
