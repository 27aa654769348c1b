import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/* scrypt from Node's crypto (design §4): N=2^15, r=8, p=1, 64-byte key, 16-byte salt. */

/**
 * scrypt's cost N: 2^15 wherever the app runs, 2^10 in a test run (NODE_ENV=test, which vitest
 * sets), as Devise and Django's test settings lower theirs. Same scheme and code, at a cost a
 * suite that registers and logs in thousands of people can pay: at 2^15 scrypt took half of the
 * integration tests' CPU. A hash names its own cost, so a password hashed at either verifies.
 */
export function scryptCost(env: { NODE_ENV?: string } = process.env): number {
  return env.NODE_ENV === 'test' ? 1024 : 32768;
}

const N = scryptCost();
const r = 8;
const p = 1;
const keyLength = 64;
const maxmem = 64 * 1024 * 1024;

function derive(password: string, salt: Buffer, n: number, rr: number, pp: number): Promise<Buffer> {
  return new Promise((resolve, reject) => scrypt(password.normalize('NFKC'), salt, keyLength, { N: n, r: rr, p: pp, maxmem }, (err, key) => (err ? reject(err) : resolve(key))));
}

/** `scrypt$N$r$p$salt$hash`, base64url parts. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, N, r, p);
  return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, rr, pp, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !rr || !pp || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'), Number(n), Number(rr), Number(pp));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

let decoy: Promise<string> | undefined;
/** A hash to compare against when the user does not exist, so timing does not reveal it. */
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(randomBytes(12).toString('hex'));
  return decoy;
}
