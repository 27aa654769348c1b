import { inTransaction, type Pool } from '../../platform/db/pool.js';
import { Throttled } from '../../platform/domain/errors.js';

/*
 * The contact form against spam, as the password throttle does it (users/login-throttle.ts):
 * the sends are counted in PostgreSQL, so every API process sees the same count, checked and
 * recorded under a lock per e-mail address and per client address.
 */
export const contactLimits = {
  /** How long a send counts. */
  windowMinutes: 60,
  /** One e-mail address: a person writes again, rarely more than a few times in an hour. */
  perEmail: 3,
  /** One client address across e-mail addresses: an office or a school shares one (NAT). */
  perAddress: 10,
} as const;

export class ContactThrottled extends Throttled {
  constructor(retryAfterSeconds: number) {
    super('Hai inviato troppi messaggi', retryAfterSeconds);
  }
}

/** Key spaces of the locks, apart from the password throttle's. */
const lockClass = { email: 0x434d4c /* 'CML' */, address: 0x434950 /* 'CIP' */ } as const;

/**
 * Throws ContactThrottled when the address or the e-mail has sent its share in the window
 * (with the seconds until the oldest of them ages out); otherwise counts this send.
 */
export async function countContactSend(pool: Pool, { email, ip }: { email: string; ip: string }, now = new Date()): Promise<void> {
  const key = email.toLowerCase();
  await inTransaction(pool, async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [lockClass.email, key]);
    await tx.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [lockClass.address, ip]);
    let wait: number | null = null;
    for (const [column, value, limit] of [
      ['email', key, contactLimits.perEmail],
      ['ip', ip, contactLimits.perAddress],
    ] as const) {
      const { rows } = await tx.query<{ n: number; retry: number | null }>(
        `SELECT count(*)::int AS n, extract(epoch FROM min(at) + make_interval(mins => $2) - $1::timestamptz)::float8 AS retry
         FROM (SELECT at FROM contact_sends WHERE ${column} = $4 AND at > $1::timestamptz - make_interval(mins => $2) ORDER BY at DESC LIMIT $3) s`,
        [now, contactLimits.windowMinutes, limit, value],
      );
      const { n, retry } = rows[0]!;
      if (n >= limit) wait = Math.max(wait ?? 0, Math.max(1, Math.ceil(retry ?? 60)));
    }
    if (wait !== null) throw new ContactThrottled(wait);
    await tx.query(
      `WITH gone AS (DELETE FROM contact_sends WHERE (email = $1 OR ip = $2) AND at <= $3::timestamptz - make_interval(mins => $4))
       INSERT INTO contact_sends (email, ip, at) VALUES ($1, $2, $3)`,
      [key, ip, now, contactLimits.windowMinutes],
    );
  });
}
