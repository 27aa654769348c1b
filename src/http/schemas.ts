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
