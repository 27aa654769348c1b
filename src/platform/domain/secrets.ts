/** The mark a masked secret carries: no real key contains it, so a form sending it back typed nothing. */
export const maskMark = '…';

/**
 * How a stored secret is shown, even to admins: enough to recognise it (its first 3 and last 4
 * characters, as the providers' own dashboards do), never enough to use it.
 */
export function maskSecret(secret: string | null): string | null {
  if (!secret) return null;
  return secret.length >= 16 ? `${secret.slice(0, 3)}${maskMark}${secret.slice(-4)}` : `${maskMark}${secret.slice(-2)}`;
}

/**
 * What a settings form asks of a secret: `undefined` keeps the stored one (field absent, left
 * empty or still showing the masked value), `null` removes it (null, or the clear flag), a string
 * replaces it.
 */
export function typedSecret(typed: string | null | undefined, clear = false): string | null | undefined {
  if (clear || typed === null) return null;
  if (!typed || typed.includes(maskMark)) return undefined;
  return typed;
}

/** Settings as anyone may read them: the key masked, and whether one is stored. */
export function withMaskedKey<S extends { apiKey: string | null }>(settings: S): Omit<S, 'apiKey'> & { apiKey: string | null; apiKeySet: boolean } {
  return { ...settings, apiKey: maskSecret(settings.apiKey), apiKeySet: settings.apiKey !== null };
}

/** A settings form's changes, its key field read as typedSecret does (absent when kept). */
export function keyChanges<F extends { apiKey?: string | null; clearApiKey?: boolean }>({
  apiKey,
  clearApiKey,
  ...fields
}: F): Omit<F, 'apiKey' | 'clearApiKey'> & { apiKey?: string | null } {
  const key = typedSecret(apiKey, clearApiKey);
  return key === undefined ? fields : { ...fields, apiKey: key };
}
