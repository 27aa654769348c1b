import { STATUS_CODES, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError, Throttled, type ErrorKind } from '../../domain/errors.js';
import { InvalidInput } from '../schemas.js';

/** Italian messages for the errors Fastify and its plugins raise themselves, by their error code. */
const fastifyMessages: Record<string, [number, string]> = {
  FST_ERR_BAD_URL: [400, 'Indirizzo non valido: contiene caratteri codificati male.'],
  FST_ERR_INVALID_URL: [400, 'Indirizzo non valido.'],
  FST_ERR_MAX_PARAM_LENGTH: [414, 'Indirizzo troppo lungo.'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'Formato della richiesta non supportato: invia JSON.'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'Il corpo della richiesta è vuoto.'],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'Il corpo della richiesta non è un JSON valido.'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'La richiesta è troppo grande.'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'Lunghezza della richiesta non valida.'],
  FST_ERR_CTP_INVALID_CHARSET: [415, 'Codifica dei caratteri non supportata.'],
  FST_ERR_ROUTE_MISSING_CONTENT_TYPE: [400, 'Manca il tipo del contenuto (Content-Type) della richiesta.'],
  FST_ERR_ROUTE_MISSING_CONTENT: [400, 'Manca il corpo della richiesta.'],
  // @fastify/multipart (POST /api/uploads)
  FST_INVALID_MULTIPART_CONTENT_TYPE: [415, 'Invia il file come modulo (multipart/form-data).'],
  FST_REQ_FILE_TOO_LARGE: [413, 'Il file è troppo grande.'],
  FST_PARTS_LIMIT: [413, 'Il modulo ha troppe parti.'],
  FST_FILES_LIMIT: [413, 'Invia un file per volta.'],
  FST_FIELDS_LIMIT: [413, 'Il modulo ha troppi campi.'],
  FST_PROTO_VIOLATION: [400, 'Il modulo contiene un nome di campo non ammesso.'],
  FST_INVALID_JSON_FIELD_ERROR: [400, 'Un campo del modulo non è un JSON valido.'],
  FST_MP_PREMATURE_CLOSE: [400, 'Il modulo è arrivato incompleto.'],
};

/** The one place where a refusal's kind becomes an HTTP status (design §4). */
export const statusOfKind: Record<ErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  'too-large': 413,
  unsupported: 415,
  rule: 422,
  'too-many': 429,
  unavailable: 503,
  upstream: 502,
  'upstream-timeout': 504,
};

/** Whatever else goes wrong with a request, by its status. */
const statusMessages: Record<number, string> = {
  404: 'Risorsa non trovata.',
  405: 'Metodo non consentito per questo indirizzo.',
  406: 'Formato della risposta non disponibile.',
  408: 'La richiesta è arrivata troppo lentamente: riprova.',
  411: 'Manca la lunghezza della richiesta (Content-Length).',
  413: 'La richiesta è troppo grande.',
  414: 'Indirizzo troppo lungo.',
  415: 'Formato della richiesta non supportato.',
  431: 'Le intestazioni della richiesta sono troppo grandi.',
};
const badRequest = 'Richiesta non valida.';

const fieldOf = (path: readonly PropertyKey[]): string => path.map(String).join('.') || '_';

/** The answer to a request some schema refused: the first message of each field. */
function invalidInput(error: InvalidInput, part: string | undefined): { message: string; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    // A body that is not an object at all has no field to name.
    const message = issue.path.length === 0 && part === 'body' && issue.code === 'invalid_type' ? 'Il corpo della richiesta deve essere un oggetto JSON.' : issue.message;
    errors[fieldOf(issue.path)] ??= message;
  }
  return { message: 'Alcuni dati non sono validi.', errors };
}

/** An error raised before any route is chosen (a URL that cannot be decoded, a parameter too long). */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const [status, message] = fastifyMessages[error.code] ?? [400, badRequest];
  void reply.status(status).send({ message });
}

/**
 * A request Node's HTTP parser refuses (headers too large, malformed, too slow) never reaches
 * Fastify: the answer is written on the socket, in Italian as every other.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status = error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  // As Node does: nothing is written over an answer already begun.
  const answering = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
  if (socket.writable && !answering?.headersSent) {
    const body = JSON.stringify({ message: statusMessages[status] ?? badRequest });
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/**
 * Every error leaves as JSON `{message}` (Italian) or `{message, errors}` for forms (design §4);
 * bad input is a 4xx, and a 500 never shows what went wrong inside.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof DomainError) {
      if (error instanceof Throttled) reply.header('Retry-After', String(error.retryAfterSeconds));
      return reply.status(statusOfKind[error.kind]).send(error.errors ? { message: error.message, errors: error.errors } : { message: error.message });
    }
    if (error instanceof InvalidInput) return reply.status(400).send(invalidInput(error, error.validationContext));
    // A schema of another kind than zod: its messages are not ours to show.
    if (error.validation) {
      const errors = Object.fromEntries(error.validation.map((v) => [fieldOf(v.instancePath.split('/').filter(Boolean)), 'Valore non valido.']));
      return reply.status(400).send({ message: 'Alcuni dati non sono validi.', errors });
    }
    const known = error.code ? fastifyMessages[error.code] : undefined;
    if (known) return reply.status(known[0]).send({ message: known[1] });
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send({ message: statusMessages[error.statusCode] ?? badRequest });
    }
    request.log.error({ err: error }, 'errore non gestito');
    return reply.status(500).send({ message: 'Si è verificato un errore interno. Riprova più tardi.' });
  });

  app.setNotFoundHandler((request, reply) => reply.status(404).send({ message: `Risorsa non trovata: ${request.method} ${request.url.split('?')[0]}` }));
}
