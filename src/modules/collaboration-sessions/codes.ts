import { createHmac } from 'node:crypto';
import { CODE_ALPHABET, CODE_LENGTH, normalizeCode } from './labels.js';

/*
 * One-time codes (sessions' activation and closure codes, standing accesses' codes) are never
 * stored: each is derived from the app's secret, its record's id, its kind and its version, so
 * the shopkeeper's page can show it while the log and the read models keep only its key (an HMAC
 * of the code, unique across the platform through a uniqueness claim). A reissue is the next version.
 */

export type CodePurpose = 'activation' | 'closure' | 'access';

/** The code of `recordId`'s `purpose` at `version`: CODE_LENGTH characters of CODE_ALPHABET. */
export function deriveCode(secret: Buffer, recordId: string, purpose: CodePurpose, version: number): string {
  const digest = createHmac('sha256', secret).update(`vicino-code\u0000${purpose}\u0000${recordId}\u0000${version}`).digest();
  let code = '';
  // Rejection sampling keeps every character equally likely (256 is no multiple of the alphabet's size).
  const limit = 256 - (256 % CODE_ALPHABET.length);
  for (let i = 0; code.length < CODE_LENGTH; i++) {
    if (i >= digest.length) return deriveCode(secret, recordId, purpose, version + 1_000_000);
    const byte = digest[i]!;
    if (byte < limit) code += CODE_ALPHABET[byte % CODE_ALPHABET.length];
  }
  return code;
}

/** The key a code is known by in the log, the read models and its uniqueness claim: it reveals nothing of the code without the secret. */
export function codeKey(secret: Buffer, typed: string): string {
  return createHmac('sha256', secret)
    .update(`vicino-code-key\u0000${normalizeCode(typed)}`)
    .digest('hex')
    .slice(0, 40);
}
