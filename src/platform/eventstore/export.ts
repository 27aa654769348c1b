import { START } from './position.js';
import type { EventStore, Position, RecordedEvent } from './types.js';

/**
 * Fields no export or admin history may carry, wherever they sit in an event's data. A pickup
 * code is the customer's proof at the counter, a delivery code at the door: not even admins see
 * them (docs/api-orders.md); nor a collaboration session's or a standing access's codes, nor the
 * keys they are drawn from (`key`, `codeKey`, `activationCodeKey`, `closureCodeKey`). The VAPID
 * private key signs the platform's pushes; a browser's push `auth` secret decrypts them.
 */
const secretKeys = new Set(['passwordHash', 'password', 'apiKey', 'secret', 'pickupCode', 'deliveryCode', 'freshCode', 'code', 'key', 'codeKey', 'privateKey', 'auth']);

/** A secret by its name: one of those, a provider's key named as one (stripeSecretKey, paypalClientSecret), or a code's key (activationCodeKey). */
export const isSecretKey = (key: string): boolean => secretKeys.has(key) || /.Secret(Key)?$/.test(key) || /.CodeKey$/.test(key);

/** JSON.stringify's replacer that masks every secret field, at any depth. */
export const maskSecrets = (key: string, value: unknown): unknown => (isSecretKey(key) && value != null ? '[riservato]' : value);

/** The value with every secret field masked, at any depth. */
export function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, isSecretKey(k) && v !== null ? '[riservato]' : redact(v)]));
  }
  return value;
}

export function exportLine(event: RecordedEvent): string {
  return JSON.stringify({
    position: event.position,
    streamId: event.streamId,
    revision: event.revision,
    id: event.id,
    type: event.type,
    data: redact(event.data),
    metadata: event.metadata,
  });
}

/**
 * The log as NDJSON, one event a line, page by page (never the whole log in memory), from a
 * position and optionally only some event types. Secrets are masked.
 *
 * Events come as today's code reads them: the system's store upcasts (upcasting.ts), so an event
 * stored before cents is exported with its amounts in cents under today's names. An export is
 * for replaying into reports (analysts) and for reading (audits), both of which want one shape
 * for every event of a type, whenever it was written; it is not a backup (secrets are masked), and
 * the stored log itself is never rewritten.
 */
export async function exportEvents(
  store: EventStore,
  { from = START, types }: { from?: Position; types?: string[] },
  write: (line: string) => Promise<void> | void,
): Promise<number> {
  const wanted = types?.length ? new Set(types) : null;
  let position = from;
  let count = 0;
  for (;;) {
    const page = await store.readAll({ from: position, maxCount: 1000 });
    if (page.length === 0) return count;
    for (const event of page) {
      if (wanted && !wanted.has(event.type)) continue;
      await write(`${exportLine(event)}\n`);
      count++;
    }
    position = page[page.length - 1]!.position;
  }
}
