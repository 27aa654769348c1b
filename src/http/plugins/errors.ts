import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DomainError } from '../../domain/shared/errors.js';

/** Italian messages for the errors Fastify raises itself, by its error code. */
const fastifyMessages: Record<string, [number, string]> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'Formato della richiesta non supportato: invia JSON.'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'Il corpo della richiesta è vuoto.'],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'Il corpo della richiesta non è un JSON valido.'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'La richiesta è troppo grande.'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'Lunghezza della richiesta non valida.'],
  FST_ERR_CTP_INVALID_CHARSET: [415, 'Codifica dei caratteri non supportata.'],
};

/**
 * Every error leaves as JSON `{message}` (Italian) or `{message, errors}` for forms (design §4);
 * bad input is a 4xx, and a 500 never shows what went wrong inside.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof DomainError) {
      return reply.status(error.status).send(error.errors ? { message: error.message, errors: error.errors } : { message: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || '_';
        errors[field] ??= issue.message ?? 'Valore non valido.';
      }
      return reply.status(400).send({ message: 'Alcuni dati non sono validi.', errors });
    }
    const known = error.code ? fastifyMessages[error.code] : undefined;
    if (known) return reply.status(known[0]).send({ message: known[1] });
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send({ message: 'Richiesta non valida.' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: 'Si è verificato un errore interno. Riprova più tardi.' });
  });

  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send({ message: `Risorsa non trovata: ${request.method} ${request.url.split('?')[0]}` }),
  );
}
