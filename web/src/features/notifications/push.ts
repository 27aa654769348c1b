import type { BodyOf, ResponseOf } from '@platform/http/contract';
import type { notificationsApi } from '@contracts/notifications';
import { apiGet, apiRequest } from '../../lib/client';

/* Web Push in this browser (docs/api-settings.md): the service worker /sw.js shows what the server pushes. */

export type PushConfig = ResponseOf<typeof notificationsApi.pushConfig>;

export const pushConfigUrl = '/api/push/config';

/** Whether this browser can receive Web Push at all (service workers, PushManager, notifications). */
export const pushSupported = (): boolean => typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

const keyBytes = (base64url: string): Uint8Array<ArrayBuffer> => {
  const text = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
};

const sameKey = (a: ArrayBuffer | null, b: Uint8Array): boolean => {
  if (!a || a.byteLength !== b.length) return false;
  const bytes = new Uint8Array(a);
  return bytes.every((v, i) => v === b[i]);
};

async function registration(): Promise<ServiceWorkerRegistration> {
  await navigator.serviceWorker.register('/sw.js');
  return navigator.serviceWorker.ready;
}

/** This browser's subscription, if it has one. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const reg = await navigator.serviceWorker.getRegistration('/');
  return (await reg?.pushManager.getSubscription()) ?? null;
}

/**
 * Asks the permission, subscribes this browser with the server's public key (again when the
 * admin replaced the keys) and tells the server, for the session's user.
 */
export async function subscribeThisBrowser(): Promise<void> {
  const config = await apiGet<PushConfig>(pushConfigUrl);
  if (!config?.enabled || !config.publicKey) throw new Error('Le notifiche push non sono attive su questo sito.');
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new Error('Hai negato il permesso alle notifiche: riattivalo nelle impostazioni del browser.');
  const reg = await registration();
  const key = keyBytes(config.publicKey);
  let subscription = await reg.pushManager.getSubscription();
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  // The browser's own push service may refuse (no network to it, a browser built without one): say so in Italian.
  subscription ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }).catch((error: unknown) => {
    throw new Error(`Il browser non è riuscito a iscriversi al suo servizio di notifiche: riprova più tardi (${error instanceof Error ? error.message : String(error)}).`);
  });
  const { endpoint, keys } = subscription.toJSON();
  await apiRequest('POST', '/api/push/subscriptions', { endpoint, keys });
}

/** Stops pushes to this browser: at the push service and on the server (while the session lasts). */
export async function unsubscribeThisBrowser({ tellServer = true } = {}): Promise<void> {
  const subscription = await currentSubscription();
  if (!subscription) return;
  if (tellServer) await apiRequest('DELETE', '/api/push/subscriptions', { endpoint: subscription.endpoint } satisfies BodyOf<typeof notificationsApi.unsubscribe>).catch(() => {});
  await subscription.unsubscribe();
}
