import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';
import { DomainError } from '../../domain/shared/errors.js';
import { requireUser } from '../plugins/session.js';

export const maxUploadBytes = 5 * 1024 * 1024;

/** What a file really is, read from its first bytes: the name and the declared type can lie. */
function sniff(head: Buffer): 'jpg' | 'png' | 'webp' | 'pdf' | null {
  if (head.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))) return 'jpg';
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP') return 'webp';
  if (head.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  return null;
}

const contentTypes = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp', pdf: 'application/pdf' } as const;

/**
 * POST /api/uploads (multipart, field `file`): images (jpeg, png, webp) and PDFs up to 5 MB, stored
 * under a random name in `dir` and served from /uploads.
 */
export function uploadRoutes(dir: string): FastifyPluginAsync {
  return async (app) => {
    await mkdir(dir, { recursive: true });
    await app.register(multipart, { limits: { fileSize: maxUploadBytes, files: 1, fields: 5 } });
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

    app.post('/api/uploads', async (request, reply) => {
      requireUser(request);
      if (!request.isMultipart()) throw new DomainError('Invia il file come modulo (multipart/form-data) nel campo "file".', 400);
      const file = await request.file();
      if (!file) throw new DomainError('Nessun file ricevuto.', 400);
      const body = await file.toBuffer().catch(() => {
        throw new DomainError('Il file supera i 5 MB consentiti.', 413);
      });
      if (file.file.truncated) throw new DomainError('Il file supera i 5 MB consentiti.', 413);
      const kind = sniff(body.subarray(0, 16));
      if (!kind) throw new DomainError('Formato non supportato: carica un’immagine JPEG, PNG o WebP, oppure un PDF.', 415);
      const name = `${randomUUID()}.${kind}`;
      await writeFile(path.join(dir, name), body, { flag: 'wx' });
      return reply.status(201).send({ url: `/uploads/${name}` });
    });
  };
}
