import { z } from 'zod';

/* The profile page's forms, with the messages of spec §5 for the password rules. */

export const profileSchema = z.object({
  name: z.string().trim().min(1, 'Il nome completo è obbligatorio').max(120, 'Il nome può avere al massimo 120 caratteri'),
  email: z.string().trim().min(1, "L'e-mail è obbligatoria").pipe(z.email('Inserisci un indirizzo e-mail valido')),
});

export const passwordSchema = z
  .object({
    currentPassword: z.string().min(1, 'Scrivi la password attuale'),
    newPassword: z.string().min(6, 'Password must be at least 6 characters'),
    confirmPassword: z.string().min(1, 'Please confirm your password'),
  })
  // Spec §5: the visible form checks the match in Italian before sending.
  .refine((v) => v.confirmPassword === '' || v.newPassword === v.confirmPassword, { path: ['confirmPassword'], message: 'Le password non coincidono' });

export type ProfileValues = z.infer<typeof profileSchema>;
export type PasswordValues = z.infer<typeof passwordSchema>;
