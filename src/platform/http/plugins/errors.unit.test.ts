import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { italianIssue, validatorCompiler } from '../schemas.js';
import { registerErrorHandling } from './errors.js';

/* The error handler alone, on a bare Fastify: what each kind of error becomes (design §4). */

let app: FastifyInstance;
afterEach(async () => {
  await app.close();
});

async function appThrowing(error: unknown): Promise<FastifyInstance> {
  app = Fastify();
  registerErrorHandling(app);
  app.get('/boom', async () => {
    throw error;
  });
  await app.ready();
  return app;
}

const answer = async (error: unknown) => {
  const res = await (await appThrowing(error)).inject({ url: '/boom' });
  return [res.statusCode, res.json()];
};

describe('the error handler', () => {
  it('answers the errors of Fastify’s plugins by their code, in Italian', async () => {
    const coded = (code: string, statusCode: number) => Object.assign(new Error('request file too large'), { code, statusCode });
    expect(await answer(coded('FST_REQ_FILE_TOO_LARGE', 413))).toEqual([413, { message: 'Il file è troppo grande.' }]);
    expect(await answer(coded('FST_FILES_LIMIT', 413))).toEqual([413, { message: 'Invia un file per volta.' }]);
    expect(await answer(coded('FST_INVALID_MULTIPART_CONTENT_TYPE', 406))).toEqual([415, { message: 'Invia il file come modulo (multipart/form-data).' }]);
  });

  it('answers any other 4xx in Italian by its status, never with the English text it came with', async () => {
    const plain = (statusCode: number) => Object.assign(new Error('Some English explanation'), { statusCode });
    expect(await answer(plain(405))).toEqual([405, { message: 'Metodo non consentito per questo indirizzo.' }]);
    expect(await answer(plain(431))).toEqual([431, { message: 'Le intestazioni della richiesta sono troppo grandi.' }]);
    expect(await answer(plain(418))).toEqual([418, { message: 'Richiesta non valida.' }]);
  });

  it('answers the validation of a schema that is not zod with its fields, without its English messages', async () => {
    const validation = Object.assign(new Error('body/price must be number'), {
      statusCode: 400,
      code: 'FST_ERR_VALIDATION',
      validation: [{ keyword: 'type', instancePath: '/price', schemaPath: '#/properties/price/type', params: {}, message: 'must be number' }],
    });
    expect(await answer(validation)).toEqual([400, { message: 'Alcuni dati non sono validi.', errors: { price: 'Valore non valido.' } }]);
  });

  it('answers 500 without saying what went wrong inside', async () => {
    expect(await answer(new Error('connection refused at 10.0.0.5:5432'))).toEqual([500, { message: 'Si è verificato un errore interno. Riprova più tardi.' }]);
  });

  it('answers zod’s refusals with the schema’s own messages, and Italian where the schema has none', async () => {
    app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    registerErrorHandling(app);
    app.post(
      '/form',
      { schema: { body: z.object({ name: z.string().max(3), age: z.number().int().min(18, 'Devi essere maggiorenne.'), tags: z.array(z.string()).max(2) }) } },
      async () => 'ok',
    );
    await app.ready();
    const post = async (payload: unknown) => {
      const res = await app.inject({ method: 'POST', url: '/form', payload: payload as object });
      return [res.statusCode, res.json()];
    };
    expect(await post({ name: 'Giovanna', age: 12, tags: ['a', 'b', 'c'] })).toEqual([
      400,
      { message: 'Alcuni dati non sono validi.', errors: { name: 'Al massimo 3 caratteri.', age: 'Devi essere maggiorenne.', tags: 'Al massimo 2 elementi.' } },
    ]);
    expect(await post({ name: 5, age: 'diciotto', tags: 'a' })).toEqual([
      400,
      {
        message: 'Alcuni dati non sono validi.',
        errors: { name: 'Valore non valido: serve un testo.', age: 'Valore non valido: serve un numero.', tags: 'Valore non valido: serve un elenco.' },
      },
    ]);
    expect(await post({ age: 18.5, tags: [] })).toEqual([
      400,
      { message: 'Alcuni dati non sono validi.', errors: { name: 'Campo obbligatorio.', age: 'Valore non valido: serve un numero intero.' } },
    ]);
    expect(await post([1, 2])).toEqual([400, { message: 'Alcuni dati non sono validi.', errors: { _: 'Il corpo della richiesta deve essere un oggetto JSON.' } }]);
  });
});

describe('italianIssue', () => {
  const message = (schema: z.ZodType, value: unknown) => schema.safeParse(value, { error: italianIssue }).error?.issues[0]?.message;

  it('says in Italian what zod would say in English', () => {
    expect(message(z.number().max(10_000_000), 1e9)).toBe('Al massimo 10000000.');
    expect(message(z.number().lt(5), 5)).toBe('Deve essere minore di 5.');
    expect(message(z.string().min(3), 'ab')).toBe('Almeno 3 caratteri.');
    expect(message(z.enum(['ASC', 'DESC']), 'UP')).toBe('Valore non valido: scegli tra ASC, DESC.');
    expect(message(z.strictObject({}), { extra: 1 })).toBe('Campi non previsti: extra.');
    expect(message(z.email(), 'mario')).toBe('Indirizzo e-mail non valido.');
    expect(message(z.uuid(), '-'.repeat(36))).toBe('Identificativo non valido.');
    expect(message(z.boolean(), 'yes')).toBe('Valore non valido: serve vero o falso.');
    expect(message(z.coerce.number(), 'abc')).toBe('Valore non valido: serve un numero.');
    expect(
      message(
        z.string().refine(() => false),
        'x',
      ),
    ).toBe('Valore non valido.');
  });
});
