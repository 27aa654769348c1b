import { z } from 'zod';
import { api, del, get, idParams, isoTime, noContent, post, put } from '../../platform/http/contract.js';
import { pageQuery } from '../../platform/http/paging.js';
import { emailField } from '../../platform/http/schemas.js';
import { notificationTypes, priorities } from './labels.js';

/** A notification as the API shows it (docs/api-orders.md), in the list, when read and on the live stream. */
export const notification = z.object({
  id: z.uuid(),
  title: z.string(),
  message: z.string(),
  /** A path in the app, or null. */
  link: z.string().nullable(),
  read: z.boolean(),
  createdAt: isoTime,
  /** On the live stream only: "collaboration" for a collaboration notice (GET /api/collaborator-notifications lists those). */
  kind: z.literal('collaboration').optional(),
});
export type Notification = z.infer<typeof notification>;

const count = z.object({ count: z.number().int() });

/**
 * The four calls of an inbox of notices under `path`, each with its Italian summary: a page of
 * them, newest first (`page`: its sizes), how many are to read, one marked read (answering it),
 * all marked read (answering how many were).
 */
const inboxCalls = <const P extends string, N extends z.ZodType>(
  path: P,
  notice: N,
  page: ReturnType<typeof pageQuery>,
  summaries: { list: string; unreadCount: string; read: string; readAll: string },
) => ({
  list: get(path, summaries.list, { 200: z.array(notice) }, { querystring: z.object(page) }),
  unreadCount: get(`${path}/unread-count`, summaries.unreadCount, { 200: count }),
  read: post(`${path}/:id/read`, summaries.read, { 200: notice }, { params: idParams }),
  readAll: post(`${path}/read-all`, summaries.readAll, { 200: count }),
});

/** What a notice is about: a user chooses per kind how it reaches them. */
export const noticeKinds = ['orders', 'reservations', 'store'] as const;
export type NoticeKind = (typeof noticeKinds)[number];

const channels = z.object({ live: z.boolean().optional(), email: z.boolean().optional() }).strict();

/** Each kind of notice of the user's role, and whether it reaches them live and by e-mail. */
export const notificationPreferences = z.object({
  preferences: z.array(z.object({ kind: z.enum(noticeKinds), live: z.boolean(), email: z.boolean() })),
});
export type NotificationPreferencesAnswer = z.infer<typeof notificationPreferences>;

/** A browser's push service address: https only, since the server posts to it. */
const pushEndpoint = z
  .string({ error: 'Indirizzo del servizio push mancante.' })
  .max(2000, 'Indirizzo del servizio push troppo lungo.')
  .refine((text) => URL.canParse(text) && new URL(text).protocol === 'https:', 'Indirizzo del servizio push non valido: serve un indirizzo https.');
/**
 * A key in base64url, `bytes` long once decoded (RFC 8291: a P-256 public key, a 16-byte secret).
 * Its length is counted from the text (6 bits a character, padding aside), so the web can check it too.
 */
const base64url = (bytes: number, name: string) =>
  z
    .string({ error: `${name} mancante.` })
    .refine((text) => /^[A-Za-z0-9_-]+=*$/.test(text) && Math.floor((text.replace(/=+$/, '').length * 3) / 4) === bytes, `${name} non valida.`);

/** Whether the site pushes notices, and the key a browser subscribes with. */
export const pushConfig = z.object({ enabled: z.boolean(), publicKey: z.string().nullable() });

/** The admin's mobile API settings: Web Push, and what a phone client needs to reach the API. */
export const mobileApiSettings = z.object({
  id: z.literal('current'),
  apiUrl: z.string(),
  docsUrl: z.string(),
  openApiUrl: z.string(),
  isEnabled: z.boolean(),
  contactEmail: z.string(),
  publicKey: z.string().nullable(),
  /** Masked: enough to recognise it, never enough to use it. */
  privateKey: z.string().nullable(),
  privateKeySet: z.boolean(),
  /** How many browsers are subscribed. */
  subscriptions: z.number().int(),
});
export type MobileApiSettings = z.infer<typeof mobileApiSettings>;

/** The user's notifications and how they reach them (docs/api-orders.md), Web Push (docs/api-settings.md). */
export const notificationsApi = api('notifiche', {
  ...inboxCalls('/api/notifications', notification, pageQuery(100, 500), {
    list: 'Le notifiche dell’utente, dalla più recente, una pagina alla volta (il totale in X-Total-Count)',
    unreadCount: 'Quante notifiche dell’utente sono da leggere',
    read: 'Segna come letta una notifica dell’utente e la restituisce',
    readAll: 'Segna come lette tutte le notifiche da leggere dell’utente; risponde quante erano',
  }),
  // A raw answer: text/event-stream, written by hand (no body to describe).
  stream: get(
    '/api/notifications/stream',
    'Le nuove notifiche dell’utente in tempo reale (Server-Sent Events: evento "notification", ed "end" con il motivo quando il server chiude)',
    {},
  ),
  preferences: get('/api/user/notification-preferences', 'Come arrivano all’utente gli avvisi di ogni tipo del suo ruolo: in tempo reale e per e-mail', {
    200: notificationPreferences,
  }),
  setPreferences: put(
    '/api/user/notification-preferences',
    'Cambia come arrivano all’utente gli avvisi dei tipi indicati; restituisce tutte le preferenze',
    { 200: notificationPreferences },
    {
      body: z.object({ preferences: z.partialRecord(z.enum(noticeKinds), channels) }).strict(),
    },
  ),
  pushConfig: get('/api/push/config', 'Se il sito invia notifiche Web Push, e la chiave pubblica VAPID con cui iscrivere il browser', { 200: pushConfig }),
  subscribe: post(
    '/api/push/subscriptions',
    'Iscrive il browser dell’utente alle notifiche Web Push (la sua PushSubscription)',
    { 201: z.object({ subscribed: z.literal(true) }) },
    {
      body: z.object({
        endpoint: pushEndpoint,
        keys: z.object({ p256dh: base64url(65, 'Chiave p256dh'), auth: base64url(16, 'Chiave auth') }),
      }),
    },
  ),
  unsubscribe: del('/api/push/subscriptions', 'Toglie un browser dell’utente dalle notifiche Web Push', { 204: noContent }, { body: z.object({ endpoint: z.string().max(2000) }) }),
  mobileApiSettings: get(
    '/api/admin/mobile-api-settings/current',
    'Le impostazioni dell’API per le app (amministratore): Web Push, chiavi VAPID (la privata mascherata), indirizzi dell’API',
    { 200: mobileApiSettings },
  ),
  updateMobileApiSettings: put(
    '/api/admin/mobile-api-settings/current',
    'Attiva o disattiva Web Push e cambia l’e-mail di contatto per i servizi push (amministratore)',
    { 200: mobileApiSettings },
    {
      body: z.object({ isEnabled: z.boolean().optional(), contactEmail: z.union([emailField, z.literal('')]).optional() }),
    },
  ),
  replaceVapidKeys: post(
    '/api/admin/mobile-api-settings/current/vapid-keys',
    'Genera nuove chiavi VAPID (amministratore): i browser iscritti con le vecchie smettono di ricevere',
    { 200: mobileApiSettings },
  ),
});

/** A collaboration notice as its recipient reads it (docs/api-collaborator-notifications.md), in the list, when read and live. */
export const collaboratorNotification = z.object({
  id: z.uuid(),
  shopkeeperId: z.uuid(),
  /** Null on a shopkeeper's notice about a request no collaborator has taken yet. */
  collaboratorId: z.uuid().nullable(),
  storeId: z.uuid(),
  requestId: z.uuid(),
  notificationType: z.enum(notificationTypes),
  title: z.string(),
  message: z.string(),
  isRead: z.boolean(),
  /** A path in the app. */
  actionUrl: z.string().nullable(),
  priority: z.enum(priorities),
  expiresAt: isoTime.nullable(),
  /** Past expiresAt: what it invited to can no longer be done (it stays in the list, marked). */
  expired: z.boolean(),
  createdAt: isoTime,
});
export type CollaboratorNotification = z.infer<typeof collaboratorNotification>;

/** The collaborators' and shopkeepers' notices of collaboration requests (issue [12]). */
export const collaboratorNotificationsApi = api('notifiche delle collaborazioni', {
  ...inboxCalls('/api/collaborator-notifications', collaboratorNotification, pageQuery(50, 200), {
    list: 'Gli avvisi delle collaborazioni dell’utente (collaboratore o negoziante), dal più recente, una pagina alla volta: il totale in X-Total-Count, quelli da leggere in X-Unread-Count; gli scaduti restano, segnati expired',
    unreadCount: 'Quanti avvisi delle collaborazioni dell’utente sono da leggere (gli scaduti non contano)',
    read: 'Segna come letto un avviso delle collaborazioni dell’utente e lo restituisce',
    readAll: 'Segna come letti tutti gli avvisi delle collaborazioni da leggere dell’utente; risponde quanti erano',
  }),
});
