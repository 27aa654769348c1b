import { createHash } from 'node:crypto';

/** Vicino's namespace for name-based ids (RFC 9562 UUID version 5). */
const namespace = Buffer.from('6f1d4a2e9c3b4e7a8d5f0b1c2a3e4f50', 'hex');

/**
 * A UUID v5 derived from its parts: the same parts give the same id on every process, so a
 * retried command (same idempotency key) appends the same event ids and the store keeps one copy.
 */
export function derivedId(...parts: string[]): string {
  const hash = createHash('sha1').update(namespace).update(parts.join('\u0000')).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
