import { DomainError } from '../../platform/domain/errors.js';

/**
 * A call to a provider: its own refusals (not configured, a bad signature) pass as they are;
 * anything else (it did not answer, it refused our keys) is a 502 in Italian (kind 'upstream'),
 * the provider's words kept as the cause for the log, never shown.
 */
export async function askProvider<T>(call: () => Promise<T>, message: string): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof DomainError) throw error;
    const unanswered = new DomainError(message, 'upstream');
    unanswered.cause = error;
    throw unanswered;
  }
}
