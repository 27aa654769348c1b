import { describe, expect, it } from 'vitest';
import { passwordSchema, profileSchema } from './profile-schema';

const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('profile forms', () => {
  it('needs a name and a valid e-mail', () => {
    expect(messages(profileSchema.safeParse({ name: '  ', email: 'anna' }))).toEqual({
      name: 'Il nome completo è obbligatorio',
      email: 'Inserisci un indirizzo e-mail valido',
    });
    expect(profileSchema.safeParse({ name: ' Anna Rossi ', email: 'anna@example.it' }).data).toEqual({ name: 'Anna Rossi', email: 'anna@example.it' });
  });

  it('applies the password rules of spec §5', () => {
    expect(messages(passwordSchema.safeParse({ currentPassword: '', newPassword: '12345', confirmPassword: '' }))).toEqual({
      currentPassword: 'Scrivi la password attuale',
      newPassword: 'Password must be at least 6 characters',
      confirmPassword: 'Please confirm your password',
    });
    expect(messages(passwordSchema.safeParse({ currentPassword: 'vecchia', newPassword: 'nuova-123', confirmPassword: 'nuova-124' }))).toEqual({
      confirmPassword: 'Le password non coincidono',
    });
    expect(passwordSchema.safeParse({ currentPassword: 'vecchia', newPassword: 'nuova-123', confirmPassword: 'nuova-123' }).success).toBe(true);
  });
});
