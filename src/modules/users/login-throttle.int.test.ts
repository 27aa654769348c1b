import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/database.js';
import { beginPasswordAttempt, forgetFailures, LoginThrottled, passwordLimits, type PasswordAttempt } from './login-throttle.js';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.drop();
});

const minute = 60_000;
const start = new Date('2026-03-12T09:00:00Z');
const at = (minutes: number) => new Date(start.getTime() + minutes * minute);

/** How `beginPasswordAttempt` at `when` ends: 'counted', or the seconds to wait. */
async function attempt(a: PasswordAttempt, when: Date): Promise<'counted' | number> {
  try {
    await beginPasswordAttempt(db.pool, a, when);
    return 'counted';
  } catch (error) {
    if (error instanceof LoginThrottled) return error.retryAfterSeconds;
    throw error;
  }
}

describe('the password throttle over time', () => {
  it('opens a full cap again when its oldest failure leaves the window, and says how long until then', async () => {
    const guess = { username: `utente-${randomUUID().slice(0, 6)}`, ip: '10.20.0.1', device: null };
    // One failure a minute fills the cap of the account from this address.
    for (let i = 0; i < passwordLimits.perAccountAndAddress; i++) expect(await attempt(guess, at(i))).toBe('counted');
    expect(await attempt(guess, at(10))).toBe(5 * 60);
    expect(await attempt(guess, at(14.5))).toBe(30);
    // The first failure is 15 minutes old: one more guess, and the next waits for the second to age.
    expect(await attempt(guess, at(15))).toBe('counted');
    expect(await attempt(guess, at(15.5))).toBe(30);
  });

  it('counts a known device on its own and forgets its failures when its password is right', async () => {
    const username = `utente-${randomUUID().slice(0, 6)}`;
    const device = { username, ip: '10.20.0.2', device: randomUUID() };
    for (let i = 0; i < passwordLimits.perKnownDevice; i++) expect(await attempt(device, at(i / 10))).toBe('counted');
    expect(await attempt(device, at(1))).toBeTypeOf('number');
    // Unknown devices of the account and the address have their own room.
    expect(await attempt({ username, ip: '10.20.0.2', device: null }, at(1))).toBe('counted');
    await forgetFailures(db.pool, device);
    expect(await attempt(device, at(1))).toBe('counted');
  });
});
