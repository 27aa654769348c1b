import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DomainError } from '../domain/errors.js';
import { refuseUnstorableText } from './plugins/clean-text.js';
import { platformApi } from './platform-contract.js';
import { requireUser } from './plugins/session.js';

export const maxUploadBytes = 5 * 1024 * 1024;
/** Room around the file in a form: boundaries, part headers, a few short fields. */
const formOverheadBytes = 64 * 1024;
const tooLarge = 'Il file supera i 5 MB consentiti.';

/**
 * The multipart parser's own refusals (no boundary, a boundary it cannot use, a form that ends
 * before a part does) come as plain errors, as an internal failure would: they are a form that
 * cannot be read. The plugin's coded errors go on to the error handler's messages.
 */
const unreadableForm = (error: unknown): unknown =>
  error instanceof DomainError || (error as { code?: string }).code?.startsWith('FST_')
    ? error
    : new DomainError('Il modulo inviato non è leggibile: invia il file come multipart/form-data nel campo "file".', 'invalid');

/** What a file really is, read from its first bytes: the name and the declared type can lie. */
function sniff(head: Buffer): 'jpg' | 'png' | 'webp' | 'pdf' | null {
  if (head.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))) return 'jpg';
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP') return 'webp';
  if (head.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  return null;
}

const contentTypes = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp', pdf: 'application/pdf' } as const;

/** A file sent as multipart/form-data in the field "file", read whole and checked: what it really is (its first bytes), its name, its bytes. */
export interface UploadedFile {
  body: Buffer;
  kind: keyof typeof contentTypes;
  contentType: string;
  filename: string;
}

/**
 * Reads the one file of a multipart request: images (jpeg, png, webp) and PDFs up to 5 MB, each
 * refusal a 4xx in Italian. The route must be inside a plugin that registered @fastify/multipart
 * (uploadRoutes does, for the routes it registers; a module's own upload route registers it too).
 */
export async function readUploadedFile(request: FastifyRequest): Promise<UploadedFile> {
  if (!request.isMultipart()) throw new DomainError('Invia il file come modulo (multipart/form-data) nel campo "file".', 'invalid');
  // Said too large up front, a body is refused before it is read.
  if (Number(request.headers['content-length']) > maxUploadBytes + formOverheadBytes) throw new DomainError(tooLarge, 'too-large');
  const file = await request.file().catch((error: unknown) => {
    throw unreadableForm(error);
  });
  if (!file) throw new DomainError('Nessun file ricevuto.', 'invalid');
  // Names and values of the form are text like any other (clean-text.ts).
  refuseUnstorableText({
    filename: file.filename,
    fields: Object.fromEntries(Object.entries(file.fields).map(([name, part]) => [name, part && 'value' in part ? part.value : null])),
  });
  const body = await file.toBuffer().catch((error: unknown) => {
    throw file.file.truncated ? new DomainError(tooLarge, 'too-large') : unreadableForm(error);
  });
  if (file.file.truncated) throw new DomainError(tooLarge, 'too-large');
  const kind = sniff(body.subarray(0, 16));
  if (!kind) throw new DomainError('Formato non supportato: carica un’immagine JPEG, PNG o WebP, oppure un PDF.', 'unsupported');
  return { body, kind, contentType: contentTypes[kind], filename: file.filename };
}

/** The multipart parser as uploads take it: one file of at most 5 MB and a few short fields. */
export const multipartLimits = { limits: { fileSize: maxUploadBytes, files: 1, fields: 5, fieldSize: 1024 } };

/**
 * POST /api/uploads (multipart, field `file`): images (jpeg, png, webp) and PDFs up to 5 MB, stored
 * under a random name in `dir` and served from /uploads.
 */
export function uploadRoutes(dir: string): FastifyPluginAsyncZod {
  return async (app) => {
    await mkdir(dir, { recursive: true });
    await app.register(multipart, multipartLimits);
    await app.register(fastifyStatic, {
      root: dir,
      prefix: '/uploads/',
      decorateReply: false,
      index: false,
      setHeaders: (reply, file) => {
        reply.header('Cache-Control', 'public, max-age=31536000, immutable');
        reply.header('X-Content-Type-Options', 'nosniff');
        const kind = path.extname(file).slice(1) as keyof typeof contentTypes;
        if (contentTypes[kind]) reply.header('Content-Type', contentTypes[kind]);
      },
    });

    app.route({
      ...platformApi.upload,
      handler: async (request, reply) => {
        requireUser(request);
        const { body, kind } = await readUploadedFile(request);
        const name = `${randomUUID()}.${kind}`;
        await writeFile(path.join(dir, name), body, { flag: 'wx' });
        return reply.status(201).send({ url: `/uploads/${name}` });
      },
    });
  };
}
