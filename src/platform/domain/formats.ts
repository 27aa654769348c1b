import { z } from 'zod';

/*
 * The forms of what people type that both sides check (the API's contracts through
 * platform/http/schemas.ts, the web's forms directly): pure, so the browser runs them too.
 */

/** An e-mail address's form, after the field's own checks. */
export const emailFormat = z.email('Indirizzo e-mail non valido.');

/** A customer's phone (an order's, a reservation's): digits, spaces, ( ) . - and a leading +, at least six. */
export const phoneFormat = z.string().regex(/^\+?[0-9 ().-]{6,}$/, 'Numero di telefono non valido.');

/** A shop's public phone: digits, spaces, / . - and a leading +, six to twenty. */
export const shopPhonePattern = /^\+?[\d\s/.-]{6,20}$/;
