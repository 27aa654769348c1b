import { z } from 'zod';
import { api, get, idParams, isoTime, noContent, patch, post, timestamps } from '../../platform/http/contract.js';
import type { Role } from '../../platform/domain/context.js';
import { adminResource } from '../../platform/http/admin-rest-contract.js';
import { emailField, passwordField, requiredText } from '../../platform/http/schemas.js';

export const roleValues = ['admin', 'shopkeeper', 'collaborator', 'customer'] as const satisfies readonly Role[];
export const userRole = z.enum(roleValues);
export const userStatuses = ['active', 'inactive', 'suspended', 'erased'] as const;
/** What an admin may set: an account is erased only by the privacy module's erasure. */
export const settableUserStatuses = ['active', 'inactive', 'suspended'] as const;
export const userStatus = z.enum(userStatuses);
export type UserStatus = z.infer<typeof userStatus>;

/** What the client may see of a user (spec §3 session user, plus e-mail): never the hash. */
export const publicUser = z.object({
  id: z.uuid(),
  username: z.string(),
  name: z.string(),
  email: z.string(),
  role: userRole,
});
export type PublicUser = z.infer<typeof publicUser>;

/** An account as the admin's list shows it: never the password hash nor the session version. */
export const adminUser = publicUser.extend({
  status: userStatus,
  /** Spec §3 users: a customer sees prices compared while this is on and its expiry (if any) is ahead. */
  priceComparisonEnabled: z.boolean(),
  priceComparisonExpiresAt: isoTime.nullable(),
  ...timestamps,
});
export type AdminUser = z.infer<typeof adminUser>;

/** An account after an admin's action on it: who it is and the status it now has. */
export const userWithStatus = publicUser.extend({ status: userStatus });
export type UserWithStatus = z.infer<typeof userWithStatus>;

/** A confirmation for people, in Italian. */
const said = z.object({ message: z.string() });

export const registerBody = z.object({
  username: requiredText('Username', { min: 3, max: 30 }).regex(/^[\p{L}\p{N}._-]+$/u, 'Lo username può contenere solo lettere, numeri, punti, trattini e trattini bassi.'),
  name: requiredText('Nome completo', { max: 100 }),
  email: emailField,
  password: passwordField,
  role: z
    .enum(roleValues, {
      error: 'Tipo di account non valido: scegli cliente, negoziante o collaboratore.',
    })
    .refine((role) => role !== 'admin', 'Non è possibile registrarsi come amministratore.'),
  /**
   * The terms and the privacy policy read and accepted (issue [21]): registering accepts those in force
   * (the registration page asks for the tick); `false` refuses to. Spec §7's five fields alone still
   * register. The versions the page showed are checked against those in force.
   */
  acceptTerms: z
    .boolean({ error: 'Per registrarti accetta i Termini e condizioni e l’Informativa sulla privacy.' })
    .refine((accepted) => accepted, 'Per registrarti accetta i Termini e condizioni e l’Informativa sulla privacy.')
    .optional(),
  termsVersion: z.number({ error: 'Versione dei termini non valida.' }).int().positive().optional(),
  privacyVersion: z.number({ error: 'Versione dell’informativa non valida.' }).int().positive().optional(),
  /** The consent to marketing e-mails, asked unticked beside the terms (privacy's consents). */
  marketing: z.boolean({ error: 'E-mail promozionali: sì o no.' }).optional(),
});

export const loginBody = z.object({
  username: requiredText('Username', { max: 254 }),
  password: z.string({ error: 'Password: campo obbligatorio.' }).min(1, 'Password: campo obbligatorio.').max(200),
});

export const profileBody = z.object({
  name: requiredText('Nome completo', { max: 100 }).optional(),
  email: emailField.optional(),
});

export const passwordBody = z.object({
  currentPassword: z
    .string({ error: 'Password attuale: campo obbligatorio.' })
    .min(1, 'Password attuale: campo obbligatorio.')
    .max(200, 'Password attuale: al massimo 200 caratteri.'),
  newPassword: passwordField,
});

/** react-admin sends the whole record on PUT: only role and status (with a reason to suspend) and the price comparison are read. */
export const userChanges = z.object({
  priceComparisonEnabled: z.boolean({ error: 'Confronto prezzi: sì o no.' }).optional(),
  priceComparisonExpiresAt: z.iso.datetime({ offset: true, error: 'Scadenza del confronto prezzi: data e ora ISO 8601.' }).nullable().optional(),
  role: z.enum(roleValues, { error: 'Ruolo non valido.' }).optional(),
  status: z.enum(settableUserStatuses, { error: 'Stato non valido.' }).optional(),
  reason: z.string({ error: 'Motivo: deve essere un testo.' }).trim().max(500, 'Motivo: al massimo 500 caratteri.').optional(),
});

const adminUsers = adminResource('/api/admin/users', adminUser);

/** Spec §7 accounts (register, login, logout, the session user), the profile page and the admin's user management. */
export const usersApi = api('utenti', {
  register: post('/api/register', 'Crea un account (cliente, negoziante o collaboratore) ed entra con esso', { 201: publicUser }, { body: registerBody }),
  login: post('/api/login', 'Entra con username e password; i tentativi sbagliati sono limitati', { 200: publicUser }, { body: loginBody }),
  logout: post('/api/logout', 'Esce da questa sessione', { 200: said }),
  me: get('/api/user', 'L’utente della sessione', { 200: publicUser }),
  logoutEverywhere: post('/api/auth/logout-everywhere', 'Esce da tutti i dispositivi: chiude ogni sessione dell’utente', { 200: said }),
  changeProfile: patch('/api/user', 'Cambia nome ed e-mail dell’utente della sessione', { 200: publicUser }, { body: profileBody }),
  changePassword: post('/api/user/password', 'Cambia la password (serve quella attuale): le altre sessioni si chiudono', { 204: noContent }, { body: passwordBody }),
  adminList: adminUsers.list('Gli account, per l’amministratore: ordinati, filtrati per ruolo e stato, cercati per nome, username o e-mail'),
  adminGet: adminUsers.get('Un account, per l’amministratore'),
  adminUpdate: adminUsers.update('Cambia ruolo o stato di un account (per sospendere serve il motivo)', userChanges),
  suspend: post(
    '/api/admin/users/:id/suspend',
    'Sospende un account, con il motivo: le sue sessioni si chiudono subito',
    { 200: userWithStatus },
    {
      params: idParams,
      body: z.object({ reason: requiredText('Motivo', { max: 500 }) }),
    },
  ),
  reactivate: post('/api/admin/users/:id/reactivate', 'Riattiva un account sospeso o disattivato', { 200: userWithStatus }, { params: idParams }),
  deactivate: post('/api/admin/users/:id/deactivate', 'Disattiva un account: le sue sessioni si chiudono subito', { 200: userWithStatus }, { params: idParams }),
});
