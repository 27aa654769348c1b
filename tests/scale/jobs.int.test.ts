import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeCredits } from '../../src/modules/credits/commands.js';
import { expireDueCredits } from '../../src/modules/credits/expiry-process.js';
import { creditsExpireAt } from '../../src/modules/credits/ledger.js';
import { systemContext } from '../../src/platform/domain/context.js';
import { startSystem, type System } from '../../src/system.js';
import { useTestApp } from '../support/app.js';
import { loggedIn } from '../support/marketplace.js';

/*
 * Issue [15]: every process runs the upkeep's jobs (each minute and at start). Three systems on one
 * database run the same job at the same moment, with the clock moved past the deadlines: each
 * deadline is acted on once, whichever process got there first.
 */

const t = useTestApp();
const others: System[] = [];
const day = 86_400_000;

beforeAll(async () => {
  for (let i = 0; i < 2; i++) others.push(await startSystem({ DATABASE_URL: t.db.url, DATA_DIR: '/nonexistent' }, { secret: randomBytes(32) }));
}, 120_000);

afterAll(async () => {
  await Promise.all(others.map((s) => s.stop()));
});

describe('the upkeep in three processes at once', () => {
  it('expires each lot of credits once, and tells each owner once', async () => {
    const bought = new Date();
    const owners = await Promise.all(Array.from({ length: 12 }, () => loggedIn(t, 'shopkeeper')));
    for (const owner of owners) {
      await changeCredits(t.system.store, owner.id, { type: 'AddCredits', lotId: randomUUID(), credits: 10, expiresAt: creditsExpireAt(bought), source: { kind: 'adjustment', reason: 'Prova' } }, systemContext(bought));
    }
    expect(await t.system.projections.waitFor(await t.system.store.headPosition(), 10_000)).toBe(true);
    const after = new Date(new Date(creditsExpireAt(bought)).getTime() + day);
    // The three processes' upkeep, at the same moment, twice over.
    const systems = [t.system, ...others];
    const reports = await Promise.all([...systems, ...systems].map((s) => expireDueCredits(s, after)));
    expect(reports.reduce((sum, r) => sum + r.failed, 0)).toBe(0);
    expect(reports.reduce((sum, r) => sum + r.expired, 0)).toBe(owners.length);
    for (const owner of owners) {
      const expired = (await t.system.store.readStream(`credits-${owner.id}`)).filter((e) => e.type === 'CreditsExpired');
      expect(expired, owner.id).toHaveLength(1);
    }
    expect(await t.system.projections.waitFor(await t.system.store.headPosition(), 10_000)).toBe(true);
    const { rows } = await t.db.pool.query<{ user_id: string; n: number }>(
      `SELECT user_id, count(*)::int AS n FROM notifications WHERE user_id = ANY ($1::uuid[]) AND title = 'Crediti AI scaduti' GROUP BY user_id`,
      [owners.map((o) => o.id)],
    );
    expect(rows.map((r) => r.n)).toEqual(owners.map(() => 1));
  }, 60_000);
});
