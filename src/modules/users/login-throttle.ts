import type { FastifyRequest } from 'fastify';
import { inTransaction, type DbClient, type Pool } from '../../platform/db/pool.js';
import { Throttled } from '../../platform/domain/errors.js';
import { decoyHash, verifyPassword } from './passwords.js';
import { knownDeviceOf } from '../../platform/http/plugins/session.js';

/*
 * Password guessing is throttled wherever a password is checked (logging in, changing it: issues
 * #2 and [6], OWASP ASVS v4 2.2.1). Failures are kept in PostgreSQL so every API process sees the
 * same count. An attempt counts as a failure from before its password is checked until it
 * succeeds, so parallel guesses cannot all slip past.
 *
 * A browser that logged in to the account before (a known device: its signed cookie, see
 * plugins/session.ts) has a budget of its own and meets none of the other caps, so an attacker
 * who fills them cannot lock the real user out of the browsers they use. Unknown devices meet
 * the caps per account and address, per account and per address.
 */
export const passwordLimits = {
  /** How long a failure counts. */
  windowMinutes: 15,
  /** One account from one address (unknown devices): far more than a person who forgot their password tries. */
  perAccountAndAddress: 10,
  /**
   * One account from every unknown device together: at most 80 guesses an hour, under the 100
   * ASVS 2.2.1 allows, and twice the above, so one address alone cannot close the account to new
   * devices.
   */
  perAccount: 20,
  /** One address across accounts (unknown devices): a school or an office shares one (NAT), and its known devices are not counted. */
  perAddress: 100,
  /** One known device, whatever its address: room for typos; a stolen device cookie buys no more guesses than an address. */
  perKnownDevice: 10,
} as const;

export class LoginThrottled extends Throttled {
  constructor(retryAfterSeconds: number) {
    super('Troppi tentativi di accesso non riusciti', retryAfterSeconds);
  }
}

/** Who is trying a password. */
export interface PasswordAttempt {
  /** The account, as typed: compared without regard to case. */
  username: string;
  ip: string;
  /** The known device it comes from (its cookie names this account); null for any other. */
  device: string | null;
}

/** Key spaces of the locks (two int4 keys never meet the projections' bigint locks). */
const lockClass = { address: 0x4c4f47 /* 'LOG' */, account: 0x414343 /* 'ACC' */, device: 0x444556 /* 'DEV' */ } as const;

interface Cap {
  limit: number;
  /** Which failures it counts: a condition on login_failures over $4, $5. */
  where: string;
  values: string[];
}

function capsOf(attempt: PasswordAttempt): Cap[] {
  const { username, ip, device } = attempt;
  if (device) return [{ limit: passwordLimits.perKnownDevice, where: 'device = $4', values: [device] }];
  return [
    { limit: passwordLimits.perAccountAndAddress, where: 'device IS NULL AND ip = $4 AND username = lower($5)', values: [ip, username] },
    { limit: passwordLimits.perAccount, where: 'device IS NULL AND username = lower($4)', values: [username] },
    { limit: passwordLimits.perAddress, where: 'device IS NULL AND ip = $4', values: [ip] },
  ];
}

/**
 * Seconds until the cap lets one more attempt through, when its `limit` latest failures are all
 * in the window (the oldest of them must age out); null while it has room.
 */
async function secondsUntilOpen(tx: DbClient, cap: Cap, now: Date): Promise<number | null> {
  const { rows } = await tx.query<{ n: number; retry: number | null }>(
    `SELECT count(*)::int AS n, extract(epoch FROM min(at) + make_interval(mins => $2) - $1::timestamptz)::float8 AS retry
     FROM (SELECT at FROM login_failures WHERE ${cap.where} AND at > $1::timestamptz - make_interval(mins => $2) ORDER BY at DESC LIMIT $3) f`,
    [now, passwordLimits.windowMinutes, cap.limit, ...cap.values],
  );
  const { n, retry } = rows[0]!;
  return n >= cap.limit ? Math.max(1, Math.ceil(retry ?? 60)) : null;
}

/**
 * Throws LoginThrottled when a cap of this attempt is full; otherwise records the attempt as a
 * failure, which `forgetFailures` takes back when the password turns out right. Check and record
 * happen under a lock per key the caps count by (account before address, always), so concurrent
 * attempts are counted one after the other.
 */
export async function beginPasswordAttempt(pool: Pool, attempt: PasswordAttempt, now = new Date()): Promise<void> {
  const { username, ip, device } = attempt;
  await inTransaction(pool, async (tx) => {
    const locks: [number, string][] = device
      ? [[lockClass.device, device]]
      : [
          [lockClass.account, username.toLowerCase()],
          [lockClass.address, ip],
        ];
    for (const [space, key] of locks) await tx.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [space, key]);
    let wait: number | null = null;
    for (const cap of capsOf(attempt)) {
      const seconds = await secondsUntilOpen(tx, cap, now);
      if (seconds !== null) wait = Math.max(wait ?? 0, seconds);
    }
    if (wait !== null) throw new LoginThrottled(wait);
    await tx.query(
      `WITH gone AS (
         DELETE FROM login_failures WHERE (ip = $1 OR username = lower($2) OR device = $3) AND at <= $4::timestamptz - make_interval(mins => $5)
       )
       INSERT INTO login_failures (ip, username, device, at) VALUES ($1, lower($2), $3, $4)`,
      [ip, username, device, now, passwordLimits.windowMinutes],
    );
  });
}

/** A right password: the failures this attempt was counted with, itself included, are forgotten. */
export async function forgetFailures(pool: Pool, { username, ip, device }: PasswordAttempt): Promise<void> {
  if (device) await pool.query('DELETE FROM login_failures WHERE device = $1', [device]);
  else await pool.query('DELETE FROM login_failures WHERE device IS NULL AND ip = $1 AND username = lower($2)', [ip, username]);
}

/**
 * Checks a password typed for `username` against its `hash` (null: no such account; a decoy
 * takes as long), under the throttle: a full cap answers 429 with Retry-After.
 */
export async function checkPassword(request: FastifyRequest, { username, password, hash }: { username: string; password: string; hash: string | null }): Promise<boolean> {
  const { pool } = request.server.deps;
  const attempt: PasswordAttempt = { username, ip: request.ip, device: knownDeviceOf(request, username) };
  await beginPasswordAttempt(pool, attempt);
  const ok = await verifyPassword(password, hash ?? (await decoyHash()));
  if (ok) await forgetFailures(pool, attempt);
  return ok;
}
