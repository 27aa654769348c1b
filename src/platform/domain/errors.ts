/**
 * What kind of "no" a refusal is. The domain names the kind; the HTTP layer alone turns kinds
 * into statuses (src/platform/http/plugins/errors.ts).
 */
export type ErrorKind =
  /** The input cannot be read as asked (a malformed value). */
  | 'invalid'
  /** Nobody is logged in, or the credentials are wrong. */
  | 'unauthenticated'
  /** Someone is logged in but may not do this. */
  | 'forbidden'
  | 'not-found'
  /** The record changed meanwhile, or the value is taken. */
  | 'conflict'
  | 'too-large'
  /** A kind of content the call does not take. */
  | 'unsupported'
  /** A business rule said no (the default). */
  | 'rule'
  /** Too many tries: wait before the next. */
  | 'too-many'
  /** Not now: the service is paused (maintenance). */
  | 'unavailable'
  /** Another server this one asked (e.g. the SMTP server) refused or did not answer. */
  | 'upstream'
  /** Another server this one asked did not answer in the time allowed (e.g. the AI model). */
  | 'upstream-timeout';

/** A business rule said no. The message is Italian and meant for the user; `errors` names fields. */
export class DomainError extends Error {
  override readonly name = 'DomainError';
  constructor(
    message: string,
    readonly kind: ErrorKind = 'rule',
    readonly errors?: Record<string, string>,
  ) {
    super(message);
  }
}

/**
 * Too many tries (kind 'too-many'): "<what>. Riprova tra N minuti.", and the seconds until the next
 * try may go through, which the HTTP layer sends as Retry-After.
 */
export class Throttled extends DomainError {
  constructor(
    what: string,
    readonly retryAfterSeconds: number,
  ) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    super(`${what}. Riprova tra ${minutes} ${minutes === 1 ? 'minuto' : 'minuti'}.`, 'too-many');
  }
}
