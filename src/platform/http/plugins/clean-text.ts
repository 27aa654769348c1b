import type { FastifyInstance } from 'fastify';
import { DomainError } from '../../domain/errors.js';

/**
 * NUL, which PostgreSQL cannot keep in text or jsonb, and half a surrogate pair, which is no
 * character at all and not UTF-8: either would fail deep inside a query or an append.
 */
// eslint-disable-next-line no-control-regex -- NUL is what it looks for
const unstorable = /[\u0000\p{Cs}]/u;

const requestMessage = 'La richiesta contiene caratteri non ammessi (un carattere nullo o una codifica non valida).';
const fieldMessage = 'Contiene caratteri non ammessi (un carattere nullo o una codifica non valida).';

/**
 * Where in `value` (a parsed query, params or JSON body) a key or a text holds such a character:
 * its path ('' for `value` itself), or null. Walked with a list, not recursion: a JSON body may
 * nest as deep as its size allows.
 */
export function unstorableTextAt(value: unknown): string | null {
  const pending: [unknown, string][] = [[value, '']];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [item, path] = next;
    if (typeof item === 'string') {
      if (unstorable.test(item)) return path;
    } else if (item !== null && typeof item === 'object') {
      for (const [key, child] of Object.entries(item)) {
        const childPath = path ? `${path}.${key}` : key;
        if (unstorable.test(key)) return childPath;
        pending.push([child, childPath]);
      }
    }
  }
  return null;
}

/**
 * Throws the 400 for text no part of the system can store, naming the field it was in; `field`
 * is the name of `value` itself, when it is one field (e.g. a JSON text in the query string).
 */
export function refuseUnstorableText(value: unknown, field = ''): void {
  const path = unstorableTextAt(value);
  if (path === null) return;
  throw new DomainError(requestMessage, 'invalid', { [[field, path].filter(Boolean).join('.') || '_']: fieldMessage });
}

/**
 * Refuses such text once for every route, in the path, the query string and a JSON body, before
 * any schema or handler sees it. After the session and the admin guard, as validation is.
 */
export function registerCleanTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    refuseUnstorableText(request.params);
    refuseUnstorableText(request.query);
    refuseUnstorableText(request.body);
  });
}
