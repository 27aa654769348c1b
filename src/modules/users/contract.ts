import { z } from 'zod';
import { endpoint, isoTime, noContent } from '../../platform/http/contract.js';
import type { Role } from '../../platform/domain/context.js';
import { listQuerystring } from '../../platform/http/admin-rest-contract.js';
import { emailField, passwordField, requiredText, uuidParam } from '../../platform/http/schemas.js';

const tags = ['utenti'];

export const roleValues = ['admin', 'shopkeeper', 'collaborator', 'customer'] as const satisfies readonly Role[];
export const userRole = z.enum(roleValues);
export const userStatuses = ['active', 'inactive', 'suspended'] as const;
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
export const adminUser = publicUser.extend({ status: userStatus, createdAt: isoTime, updatedAt: isoTime });
export type AdminUser = z.infer<typeof adminUser>;

/** An account after an admin's action on it: who it is and the status it now has. */
export const userWithStatus = publicUser.extend({ status: userStatus });
export type UserWithStatus = z.infer<typeof userWithStatus>;

/** A confirmation for people, in Italian. */
const said = z.object({ message: z.string() });

export const registerBody = z.object({
  username: requiredText('Username', { min: 3, max: 30 }).regex(
    /^[\p{L}\p{N}._-]+$/u,
    'Lo username può contenere solo lettere, numeri, punti, trattini e trattini bassi.',
  ),
  name: requiredText('Nome completo', { max: 100 }),
  email: emailField,
  password: passwordField,
  role: z.enum(roleValues, {
    error: 'Tipo di account non valido: scegli cliente, negoziante o collaboratore.',
  }).refine((role) => role !== 'admin', 'Non è possibile registrarsi come amministratore.'),
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

const params = z.object({ id: uuidParam });

/** react-admin sends the whole record on PUT: only role and status (with a reason to suspend) are read. */
export const userChanges = z.object({
  role: z.enum(roleValues, { error: 'Ruolo non valido.' }).optional(),
  status: z.enum(userStatuses, { error: 'Stato non valido.' }).optional(),
  reason: z.string({ error: 'Motivo: deve essere un testo.' }).trim().max(500, 'Motivo: al massimo 500 caratteri.').optional(),
});

/** Spec §7 accounts (register, login, logout, the session user), the profile page and the admin's user management. */
export const usersApi = {
  register: endpoint('POST', '/api/register', {
    summary: 'Crea un account (cliente, negoziante o collaboratore) ed entra con esso',
    tags,
    body: registerBody,
    response: { 201: publicUser },
  }),
  login: endpoint('POST', '/api/login', {
    summary: 'Entra con username e password; i tentativi sbagliati sono limitati',
    tags,
    body: loginBody,
    response: { 200: publicUser },
  }),
  logout: endpoint('POST', '/api/logout', {
    summary: 'Esce da questa sessione',
    tags,
    response: { 200: said },
  }),
  me: endpoint('GET', '/api/user', {
    summary: 'L’utente della sessione',
    tags,
    response: { 200: publicUser },
  }),
  logoutEverywhere: endpoint('POST', '/api/auth/logout-everywhere', {
    summary: 'Esce da tutti i dispositivi: chiude ogni sessione dell’utente',
    tags,
    response: { 200: said },
  }),
  changeProfile: endpoint('PATCH', '/api/user', {
    summary: 'Cambia nome ed e-mail dell’utente della sessione',
    tags,
    body: profileBody,
    response: { 200: publicUser },
  }),
  changePassword: endpoint('POST', '/api/user/password', {
    summary: 'Cambia la password (serve quella attuale): le altre sessioni si chiudono',
    tags,
    body: passwordBody,
    response: { 204: noContent },
  }),
  adminList: endpoint('GET', '/api/admin/users', {
    summary: 'Gli account, per l’amministratore: ordinati, filtrati per ruolo e stato, cercati per nome, username o e-mail',
    tags,
    querystring: listQuerystring,
    response: { 200: z.array(adminUser) },
  }),
  adminGet: endpoint('GET', '/api/admin/users/:id', {
    summary: 'Un account, per l’amministratore',
    tags,
    params,
    response: { 200: adminUser },
  }),
  adminUpdate: endpoint('PUT', '/api/admin/users/:id', {
    summary: 'Cambia ruolo o stato di un account (per sospendere serve il motivo)',
    tags,
    params,
    body: userChanges,
    response: { 200: adminUser },
  }),
  suspend: endpoint('POST', '/api/admin/users/:id/suspend', {
    summary: 'Sospende un account, con il motivo: le sue sessioni si chiudono subito',
    tags,
    params,
    body: z.object({ reason: requiredText('Motivo', { max: 500 }) }),
    response: { 200: userWithStatus },
  }),
  reactivate: endpoint('POST', '/api/admin/users/:id/reactivate', {
    summary: 'Riattiva un account sospeso o disattivato',
    tags,
    params,
    response: { 200: userWithStatus },
  }),
  deactivate: endpoint('POST', '/api/admin/users/:id/deactivate', {
    summary: 'Disattiva un account: le sue sessioni si chiudono subito',
    tags,
    params,
    response: { 200: userWithStatus },
  }),
};
