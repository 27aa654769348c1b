import { inTransaction, type Pool } from '../db/pool.js';
import { DomainError } from '../domain/shared/errors.js';

/*
 * Brute-force throttling (issue #2): 10 failures for one username from one address, or 100 from
 * one address, within 15 minutes close that door until the oldest failure ages out. Failures are
 * kept in PostgreSQL so every API process sees the same count. An attempt counts as a failure from
 * before its password is checked until it succeeds, so parallel guesses cannot all slip past.
 */
export const loginLimits = { windowMinutes: 15, perUsername: 10, perAddress: 100 } as const;

function retryMessage(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `Troppi tentativi di accesso non riusciti. Riprova tra ${minutes} ${minutes === 1 ? 'minuto' : 'minuti'}.`;
}

export class LoginThrottled extends DomainError {
  constructor(readonly retryAfterSeconds: number) {
    super(retryMessage(retryAfterSeconds), 429);
  }
}

/** Key space of the per-address lock (two int4 keys never meet the projections' bigint locks). */
const addressLockClass = 0x4c4f47; // 'LOG'

/**
 * Throws LoginThrottled when this address, or this address and username, failed too often;
 * otherwise records this attempt as a failure, which `clearLoginFailures` takes back when the
 * password turns out right. Check and record happen under one lock per address, so concurrent
 * attempts are counted one after the other.
 */
export async function beginLoginAttempt(pool: Pool, ip: string, username: string): Promise<void> {
  await inTransaction(pool, async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [addressLockClass, ip]);
    const { rows } = await tx.query<{ pair: number; address: number; pair_retry: number | null; address_retry: number | null }>(
      `WITH recent AS (
         SELECT username, at FROM login_failures WHERE ip = $1 AND at > now() - make_interval(mins => $3)
       ), pair AS (
         SELECT at FROM recent WHERE username = lower($2) ORDER BY at DESC LIMIT $4
       ), address AS (
         SELECT at FROM recent ORDER BY at DESC LIMIT $5
       )
       SELECT (SELECT count(*) FROM pair)::int AS pair,
              (SELECT count(*) FROM address)::int AS address,
              (SELECT extract(epoch FROM min(at) + make_interval(mins => $3) - now()) FROM pair) AS pair_retry,
              (SELECT extract(epoch FROM min(at) + make_interval(mins => $3) - now()) FROM address) AS address_retry`,
      [ip, username, loginLimits.windowMinutes, loginLimits.perUsername, loginLimits.perAddress],
    );
    const r = rows[0]!;
    if (r.address >= loginLimits.perAddress) throw new LoginThrottled(Math.ceil(r.address_retry ?? 60));
    if (r.pair >= loginLimits.perUsername) throw new LoginThrottled(Math.ceil(r.pair_retry ?? 60));
    await tx.query(
      `WITH gone AS (DELETE FROM login_failures WHERE ip = $1 AND at < now() - make_interval(mins => $3))
       INSERT INTO login_failures (ip, username) VALUES ($1, lower($2))`,
      [ip, username, loginLimits.windowMinutes],
    );
  });
}

/** A right password: this pair's failures, the attempt in flight included, are forgotten. */
export async function clearLoginFailures(pool: Pool, ip: string, username: string): Promise<void> {
  await pool.query('DELETE FROM login_failures WHERE ip = $1 AND username = lower($2)', [ip, username]);
}
