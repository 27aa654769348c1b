import type { Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';

/* Spec §5 messages: the login's and the password rules' in English, the visible form's in Italian. */

export const loginSchema = z.object({
  username: z.string().trim().min(1, 'Username is required'),
  password: z.string().min(1, 'Password is required'),
});

export const accountTypes = [
  { value: 'customer', label: 'Cliente — compro nei negozi vicini' },
  { value: 'shopkeeper', label: 'Negoziante — vendo nel mio negozio' },
  { value: 'collaborator', label: 'Collaboratore — lavoro per i negozi' },
] as const;
export type AccountType = (typeof accountTypes)[number]['value'];

export const registerSchema = z
  .object({
    username: z.string().trim().min(1, 'Username is required').min(3, 'Lo username deve avere almeno 3 caratteri'),
    name: z.string().trim().min(1, 'Il nome completo è obbligatorio'),
    email: z.string().trim().min(1, "L'e-mail è obbligatoria").pipe(z.email('Inserisci un indirizzo e-mail valido')),
    password: z.string().min(6, 'Password must be at least 6 characters'),
    confirmPassword: z.string().min(1, 'Please confirm your password'),
    role: z.enum(['customer', 'shopkeeper', 'collaborator'], { error: 'Scegli il tipo di account' }),
    terms: z.boolean().refine((v) => v, 'Devi accettare i termini e le condizioni'),
    /** The consent to marketing e-mails: optional, unticked (issue [21]). */
    marketing: z.boolean(),
  })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], message: "Passwords don't match" });

export type LoginValues = z.infer<typeof loginSchema>;
export type RegisterValues = z.infer<typeof registerSchema>;

const registerSchemaResolver = zodResolver(registerSchema);

/**
 * The registration form's resolver: the schema, then the visible form's own match check, which
 * spec §5 words in Italian ("Le password non coincidono") where the schema says "Passwords don't
 * match". An empty confirmation keeps the schema's "Please confirm your password".
 */
export const registerResolver: Resolver<RegisterValues> = async (values, context, options) => {
  const result = await registerSchemaResolver(values, context, options);
  if (values.confirmPassword === '' || values.password === values.confirmPassword) return result;
  return { values: {}, errors: { ...result.errors, confirmPassword: { type: 'mismatch', message: 'Le password non coincidono' } } };
};
