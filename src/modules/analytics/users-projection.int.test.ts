import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useProjection } from '../../../tests/support/projection.js';
import type { Role } from '../../platform/domain/context.js';
import { EventLog } from '../../platform/testing/projection-spec.js';
import { userDecider, userStreamId, type UserCommand } from '../users/user.js';
import { analyticsUsersProjection } from './users-projection.js';

const spec = useProjection(analyticsUsersProjection);
const log = new EventLog();
const user = (id: string, command: UserCommand, at: string) => log.decide(userStreamId(id), userDecider, command, { at });
const register = (role: Role, at: string) => {
  const id = randomUUID();
  return { id, events: user(id, { type: 'RegisterUser', userId: id, username: `u-${id}`, name: 'Nome', email: `${id}@esempio.it`, role, passwordHash: 'h' }, at) };
};

describe('analytics-users projection', () => {
  it('counts sign-ups per Rome day and the role they registered with, in any batches', async () => {
    const customer = register('customer', '2026-06-10T08:00:00.000Z');
    const events = [
      ...customer.events,
      ...register('customer', '2026-06-10T21:59:00.000Z').events,
      ...register('shopkeeper', '2026-06-10T12:00:00.000Z').events,
      // 00:30 on 11 June in Rome.
      ...register('customer', '2026-06-10T22:30:00.000Z').events,
      // A later role change does not move the sign-up.
      ...user(customer.id, { type: 'ChangeUserRole', role: 'shopkeeper' }, '2026-06-10T23:00:00.000Z'),
    ];
    const expected = [
      { day: '2026-06-10', role: 'customer', count: 2 },
      { day: '2026-06-10', role: 'shopkeeper', count: 1 },
      { day: '2026-06-11', role: 'customer', count: 1 },
    ];
    const rows = () => spec.rows('SELECT day::text, role, count FROM analytics_users_daily ORDER BY day, role');
    await spec.apply(events);
    expect(await rows()).toEqual(expected);
    await spec.reset();
    await spec.apply(events, { batchSize: 1 });
    expect(await rows()).toEqual(expected);
  });
});
