import { createHash, randomUUID } from 'node:crypto';
import { inTransaction, type Pool } from '../db/pool.js';
import { WrongExpectedVersion } from '../eventstore/errors.js';
import type { EventStore } from '../eventstore/types.js';
import type { CommandContext } from '../domain/context.js';
import { metadataOf } from '../domain/context.js';
import type { PersonalDataDeclaration } from '../eventstore/personal-data.js';

/*
 * Unique values (username, e-mail, slug, barcode, codes) are claimed in a stream of their own,
 * `unique-<kind>-<value>`, with an exact expected revision: of two racing claims one loses,
 * on PostgreSQL and on EventStoreDB alike (design §1).
 */

interface Claim {
  type: 'UniqueValueClaimed' | 'UniqueValueReleased';
  data: { kind: string; value: string; ownerId: string };
}

/** A claim whose owner never came to exist (its process died halfway) lapses after this. */
const orphanAfterMs = 60_000;

/**
 * The kinds whose values are a person's (issue [21]): their claims' streams are named by the value's
 * SHA-256, never by the value, and the value in the claim is sealed with its owner's key.
 */
const personalKinds = new Set(['email', 'username']);
const hashed = /^unique-(email|username)-sha256-[0-9a-f]{64}$/;

export const uniqueStreamId = (kind: string, value: string): string => {
  const lower = value.toLowerCase();
  return personalKinds.has(kind) ? `unique-${kind}-sha256-${createHash('sha256').update(lower).digest('hex')}` : `unique-${kind}-${lower}`;
};

/**
 * The claims an older Vicino stored under a stream named by a person's e-mail or username, renamed
 * to today's (uniqueStreamId), once, at start, in place (PostgreSQL's log; their events and
 * positions unchanged). Returns how many streams were renamed.
 */
export async function pseudonymiseStoredClaims(pool: Pool): Promise<number> {
  // Once: noted beside the event types sealed (personal_data_sealed), so a start reads one row, not the claims.
  const { rows: done } = await pool.query("SELECT 1 FROM personal_data_sealed WHERE event_type = $1 AND signature = 'sha256'", [claimStreamsNote]);
  if (done.length) return 0;
  // The kind is the claim's own (`unique-email-template-…` is a template's name, not an e-mail's).
  const { rows } = await pool.query<{ stream_id: string; kind: string }>(
    `SELECT DISTINCT stream_id, data->>'kind' AS kind FROM es_events
     WHERE type IN ('UniqueValueClaimed', 'UniqueValueReleased') AND data->>'kind' IN ('email', 'username') AND stream_id !~ '^unique-(email|username)-sha256-[0-9a-f]{64}$'`,
  );
  let renamed = 0;
  for (const { stream_id: old, kind } of rows) {
    const prefix = `unique-${kind}-`;
    if (!old.startsWith(prefix) || hashed.test(old)) continue;
    const renamedTo = uniqueStreamId(kind, old.slice(prefix.length));
    renamed += await inTransaction(pool, async (client) => {
      // One process renames; another starting at once finds it done.
      await client.query("SELECT pg_advisory_xact_lock(hashtext('vicino unique claims renaming'))");
      const { rowCount } = await client.query('UPDATE es_streams SET stream_id = $2 WHERE stream_id = $1', [old, renamedTo]);
      if (!rowCount) return 0;
      await client.query('UPDATE es_events SET stream_id = $2 WHERE stream_id = $1', [old, renamedTo]);
      return 1;
    });
  }
  await pool.query(
    "INSERT INTO personal_data_sealed (event_type, signature) VALUES ($1, 'sha256') ON CONFLICT (event_type) DO UPDATE SET signature = EXCLUDED.signature, sealed_at = now()",
    [claimStreamsNote],
  );
  return renamed;
}

/** The note in personal_data_sealed that the claims' stream names are today's. */
const claimStreamsNote = 'unique claims: stream names';

/**
 * Claims `value` for `ownerId`; false when someone else holds it. `ownerExists` tells whether a
 * holder is real, so a claim left by a crashed registration does not block the value forever.
 */
export async function claimUnique(
  store: EventStore,
  kind: string,
  value: string,
  ownerId: string,
  ctx: CommandContext,
  ownerExists: (ownerId: string) => Promise<boolean>,
): Promise<boolean> {
  const streamId = uniqueStreamId(kind, value);
  for (let attempt = 0; attempt < 3; attempt++) {
    const [last] = await store.readStream(streamId, { direction: 'backwards', maxCount: 1 });
    const claim = last as unknown as (Claim & { metadata: { at: string } }) | undefined;
    if (claim?.type === 'UniqueValueClaimed' && claim.data.ownerId !== ownerId) {
      const age = ctx.now.getTime() - Date.parse(claim.metadata.at);
      if (age < orphanAfterMs || (await ownerExists(claim.data.ownerId))) return false;
    }
    if (claim?.type === 'UniqueValueClaimed' && claim.data.ownerId === ownerId) return true;
    try {
      await store.appendToStream(streamId, [{ id: randomUUID(), type: 'UniqueValueClaimed', data: { kind, value: value.toLowerCase(), ownerId }, metadata: metadataOf(ctx) }], {
        expectedRevision: last ? last.revision : 'no_stream',
      });
      return true;
    } catch (error) {
      if (!(error instanceof WrongExpectedVersion)) throw error;
    }
  }
  return false;
}

/** Gives the value back, if `ownerId` still holds it. */
export async function releaseUnique(store: EventStore, kind: string, value: string, ownerId: string, ctx: CommandContext): Promise<void> {
  const streamId = uniqueStreamId(kind, value);
  const [last] = await store.readStream(streamId, { direction: 'backwards', maxCount: 1 });
  const claim = last as unknown as Claim | undefined;
  if (!last || claim?.type !== 'UniqueValueClaimed' || claim.data.ownerId !== ownerId) return;
  await store
    .appendToStream(streamId, [{ id: randomUUID(), type: 'UniqueValueReleased', data: { kind, value: value.toLowerCase(), ownerId }, metadata: metadataOf(ctx) }], {
      expectedRevision: last.revision,
    })
    .catch((error: unknown) => {
      if (!(error instanceof WrongExpectedVersion)) throw error;
    });
}

/** Who holds `value` now, if anyone. */
export async function uniqueOwner(store: EventStore, kind: string, value: string): Promise<string | null> {
  const [last] = await store.readStream(uniqueStreamId(kind, value), { direction: 'backwards', maxCount: 1 });
  const claim = last as unknown as Claim | undefined;
  return claim?.type === 'UniqueValueClaimed' ? claim.data.ownerId : null;
}

/** The Italian names of the events the platform writes for unique values. */
export const uniquenessEvents: Record<string, string> = {
  UniqueValueClaimed: 'Valore univoco assegnato',
  UniqueValueReleased: 'Valore univoco liberato',
};

/** A claimed value may be a person's (their e-mail, their username): sealed under its owner's key (issue [21]). */
export const uniquenessPersonalData: PersonalDataDeclaration = {
  UniqueValueClaimed: { subject: 'ownerId', fields: [{ path: 'value', erased: 'unique' }] },
  UniqueValueReleased: { subject: 'ownerId', fields: [{ path: 'value', erased: 'unique' }] },
};
