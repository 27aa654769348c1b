import { z } from 'zod';

/** A required text field with Italian messages for "missing" and "empty". */
export function requiredText(label: string, { min = 1, max = 200 } = {}) {
  return z
    .string({ error: (issue) => (issue.input === undefined ? `${label}: campo obbligatorio.` : `${label}: deve essere un testo.`) })
    .trim()
    .min(min, min <= 1 ? `${label}: campo obbligatorio.` : `${label}: almeno ${min} caratteri.`)
    .max(max, `${label}: al massimo ${max} caratteri.`);
}

export const emailField = requiredText('E-mail', { max: 254 }).pipe(z.email('Indirizzo e-mail non valido.'));

export const passwordField = z
  .string({ error: (issue) => (issue.input === undefined ? 'Password: campo obbligatorio.' : 'Password: deve essere un testo.') })
  .min(6, 'La password deve avere almeno 6 caratteri.')
  .max(200, 'Password: al massimo 200 caratteri.');

export const uuidParam = z.uuid('Identificativo non valido.');

/**
 * A file sent through POST /api/uploads, which names it by what it really is (jpg, png, webp,
 * pdf): a picture field takes only pictures, a PDF field only PDFs.
 */
const uploadedFile = (pattern: RegExp, message: string) =>
  z.string({ error: message }).max(500, message).regex(pattern, message);

export const imageUpload = (label: string) =>
  uploadedFile(/^\/uploads\/[\w.-]+\.(jpe?g|png|webp)$/i, `${label}: carica un’immagine JPEG, PNG o WebP con il modulo apposito.`);

export const pdfUpload = (label: string) =>
  uploadedFile(/^\/uploads\/[\w.-]+\.pdf$/i, `${label}: carica un file PDF con il modulo apposito.`);
