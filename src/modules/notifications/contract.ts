import { z } from 'zod';
import { endpoint, isoTime, noContent } from '../../platform/http/contract.js';
import { pageQuery } from '../../platform/http/paging.js';
import { emailField, uuidParam } from '../../platform/http/schemas.js';

const tags = ['notifiche'];

/** A notification as the API shows it (docs/api-orders.md), in the list, when read and on the live stream. */
export const notification = z.object({
  id: z.uuid(),
  title: z.string(),
  message: z.string(),
  /** A path in the app, or null. */
  link: z.string().nullable(),
  read: z.boolean(),
  createdAt: isoTime,
});
export type Notification = z.infer<typeof notification>;

const count = z.object({ count: z.number().int() });

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
export const notificationsApi = {
  list: endpoint('GET', '/api/notifications', {
    summary: 'Le notifiche dell’utente, dalla più recente, una pagina alla volta (il totale in X-Total-Count)',
    tags,
    querystring: z.object(pageQuery(100, 500)),
    response: { 200: z.array(notification) },
  }),
  unreadCount: endpoint('GET', '/api/notifications/unread-count', {
    summary: 'Quante notifiche dell’utente sono da leggere',
    tags,
    response: { 200: count },
  }),
  read: endpoint('POST', '/api/notifications/:id/read', {
    summary: 'Segna come letta una notifica dell’utente e la restituisce',
    tags,
    params: z.object({ id: uuidParam }),
    response: { 200: notification },
  }),
  readAll: endpoint('POST', '/api/notifications/read-all', {
    summary: 'Segna come lette tutte le notifiche da leggere dell’utente; risponde quante erano',
    tags,
    response: { 200: count },
  }),
  // A raw answer: text/event-stream, written by hand (no body to describe).
  stream: endpoint('GET', '/api/notifications/stream', {
    summary: 'Le nuove notifiche dell’utente in tempo reale (Server-Sent Events: evento "notification", ed "end" con il motivo quando il server chiude)',
    tags,
    response: {},
  }),
  preferences: endpoint('GET', '/api/user/notification-preferences', {
    summary: 'Come arrivano all’utente gli avvisi di ogni tipo del suo ruolo: in tempo reale e per e-mail',
    tags,
    response: { 200: notificationPreferences },
  }),
  setPreferences: endpoint('PUT', '/api/user/notification-preferences', {
    summary: 'Cambia come arrivano all’utente gli avvisi dei tipi indicati; restituisce tutte le preferenze',
    tags,
    body: z.object({ preferences: z.partialRecord(z.enum(noticeKinds), channels) }).strict(),
    response: { 200: notificationPreferences },
  }),
  pushConfig: endpoint('GET', '/api/push/config', {
    summary: 'Se il sito invia notifiche Web Push, e la chiave pubblica VAPID con cui iscrivere il browser',
    tags,
    response: { 200: pushConfig },
  }),
  subscribe: endpoint('POST', '/api/push/subscriptions', {
    summary: 'Iscrive il browser dell’utente alle notifiche Web Push (la sua PushSubscription)',
    tags,
    body: z.object({
      endpoint: pushEndpoint,
      keys: z.object({ p256dh: base64url(65, 'Chiave p256dh'), auth: base64url(16, 'Chiave auth') }),
    }),
    response: { 201: z.object({ subscribed: z.literal(true) }) },
  }),
  unsubscribe: endpoint('DELETE', '/api/push/subscriptions', {
    summary: 'Toglie un browser dell’utente dalle notifiche Web Push',
    tags,
    body: z.object({ endpoint: z.string().max(2000) }),
    response: { 204: noContent },
  }),
  mobileApiSettings: endpoint('GET', '/api/admin/mobile-api-settings/current', {
    summary: 'Le impostazioni dell’API per le app (amministratore): Web Push, chiavi VAPID (la privata mascherata), indirizzi dell’API',
    tags,
    response: { 200: mobileApiSettings },
  }),
  updateMobileApiSettings: endpoint('PUT', '/api/admin/mobile-api-settings/current', {
    summary: 'Attiva o disattiva Web Push e cambia l’e-mail di contatto per i servizi push (amministratore)',
    tags,
    body: z.object({ isEnabled: z.boolean().optional(), contactEmail: z.union([emailField, z.literal('')]).optional() }),
    response: { 200: mobileApiSettings },
  }),
  replaceVapidKeys: endpoint('POST', '/api/admin/mobile-api-settings/current/vapid-keys', {
    summary: 'Genera nuove chiavi VAPID (amministratore): i browser iscritti con le vecchie smettono di ricevere',
    tags,
    response: { 200: mobileApiSettings },
  }),
};
