import { describe, expect, it } from 'vitest';
import { registerResolver, registerSchema, type RegisterValues } from './auth-schemas';

const filled: RegisterValues = {
  username: 'giulia.b',
  name: 'Giulia Bianchi',
  email: 'giulia@esempio.it',
  password: 'segreta1',
  confirmPassword: 'segreta1',
  role: 'customer',
  terms: true,
  marketing: false,
};

/** The first message of each field: the one a form shows. */
const messages = (issues: { path: PropertyKey[]; message: string }[] = []) => Object.fromEntries(issues.toReversed().map((i) => [i.path.join('.'), i.message]));
const resolve = async (values: RegisterValues) => {
  const { errors } = await registerResolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });
  return Object.fromEntries(Object.entries(errors).map(([field, error]) => [field, error?.message]));
};

describe('registration rules (spec §5)', () => {
  it('the schema carries the spec messages, the match among them', () => {
    expect(messages(registerSchema.safeParse({ ...filled, password: '12345', confirmPassword: '' }).error?.issues)).toEqual({
      password: 'Password must be at least 6 characters',
      confirmPassword: 'Please confirm your password',
    });
    expect(messages(registerSchema.safeParse({ ...filled, confirmPassword: 'segreta2' }).error?.issues)).toEqual({ confirmPassword: "Passwords don't match" });
    expect(registerSchema.safeParse(filled).success).toBe(true);
  });

  it('the visible form names a mismatch in Italian and an empty confirmation as the schema does', async () => {
    expect(await resolve({ ...filled, confirmPassword: 'segreta2' })).toEqual({ confirmPassword: 'Le password non coincidono' });
    expect(await resolve({ ...filled, name: ' ', confirmPassword: 'segreta2' })).toEqual({
      name: 'Il nome completo è obbligatorio',
      confirmPassword: 'Le password non coincidono',
    });
    expect(await resolve({ ...filled, confirmPassword: '' })).toEqual({ confirmPassword: 'Please confirm your password' });
    expect(await resolve(filled)).toEqual({});
  });
});
