import { useMutation, useQuery, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { ResponseOf } from '@platform/http/contract';
import type { CollaboratorNotification, collaboratorNotificationsApi, Notification, notificationsApi } from '@contracts/notifications';
import { userQueryKey } from '../../app/auth';
import { apiGet, apiRequest, type Page } from '../../lib/client';
import { usePagedList } from '../../lib/lists';
import { useRefreshOrders } from '../orders/api';
import { isCollaborationWorkKey } from '../collaboration-sessions/api';
import { toast } from '../../components/toast/toast-store';
import type { User } from '../../lib/types';

/*
 * The user's notifications (docs/api-orders.md "Notifications"), the collaboration notices of a
 * collaborator or a shopkeeper (docs/api-collaborator-notifications.md), and the live stream that
 * keeps every page current.
 */

export type { CollaboratorNotification, Notification };

export const notificationsUrl = '/api/notifications';
export const unreadCountUrl = '/api/notifications/unread-count';
export const notificationStreamUrl = '/api/notifications/stream';

/** The user's notifications, newest first, a page at a time. */
export const useNotificationList = () => usePagedList<Notification>(notificationsUrl);

/** How many of a list are unread; 0 when it cannot be read (a badge is no place for an error). */
function useCountOf(url: string, enabled: boolean) {
  return useQuery({
    queryKey: [url],
    enabled,
    queryFn: async () => {
      try {
        return (await apiGet<ResponseOf<typeof notificationsApi.unreadCount>>(url))?.count ?? 0;
      } catch {
        return 0;
      }
    },
  });
}

/** Marks a notice of a list read: shown read at once, in whichever loaded page it is, and its list's count read again. */
function useMarkReadIn<N extends { id: string }>(listUrl: string, countUrl: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<N>('POST', `${listUrl}/${id}/read`),
    onSuccess: (read) => {
      queryClient.setQueriesData<InfiniteData<Page<N>>>({ queryKey: [listUrl] }, (data) =>
        data?.pages ? { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.map((n) => (n.id === read.id ? read : n)) })) } : data,
      );
      return queryClient.invalidateQueries({ queryKey: [countUrl] });
    },
  });
}

/** How many are unread; 0 when it cannot be read. */
export const useUnreadCount = (enabled = true) => useCountOf(unreadCountUrl, enabled);

const isNotificationKey = (key: unknown) => typeof key === 'string' && key.startsWith(notificationsUrl);
const isCollaborationKey = (key: unknown) =>
  typeof key === 'string' &&
  (key.startsWith('/api/collaboration-requests') || key.startsWith('/api/package-unlocks') || key.startsWith('/api/tasks') || key === '/api/collaborators/tasks');
const isReservationKey = (key: unknown) => typeof key === 'string' && key.startsWith('/api/reservations');

const refreshNotifications = (queryClient: QueryClient) => queryClient.invalidateQueries({ predicate: (q) => isNotificationKey(q.queryKey[0]) });

export const useMarkNotificationRead = () => useMarkReadIn<ResponseOf<typeof notificationsApi.read>>(notificationsUrl, unreadCountUrl);

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<ResponseOf<typeof notificationsApi.readAll>>('POST', `${notificationsUrl}/read-all`),
    onSuccess: () => refreshNotifications(queryClient),
  });
}

export const collaboratorNotificationsUrl = '/api/collaborator-notifications';
export const collaboratorUnreadCountUrl = '/api/collaborator-notifications/unread-count';

/** Whether a role has collaboration notices. */
export const hasCollaborationNotices = (role: string | undefined): boolean => role === 'collaborator' || role === 'shopkeeper';

/** Every query of the collaboration notices (the list's pages and the count), for the stream to refresh. */
export const isCollaboratorNotificationKey = (key: unknown): boolean => typeof key === 'string' && key.startsWith(collaboratorNotificationsUrl);

export const useCollaboratorNotificationList = (enabled = true) => usePagedList<CollaboratorNotification>(enabled ? collaboratorNotificationsUrl : null);

/** How many collaboration notices are unread and still current; 0 when it cannot be read or the role has none. */
export const useCollaboratorUnreadCount = (enabled = true) => useCountOf(collaboratorUnreadCountUrl, enabled);

export const useMarkCollaboratorNotificationRead = () =>
  useMarkReadIn<ResponseOf<typeof collaboratorNotificationsApi.read>>(collaboratorNotificationsUrl, collaboratorUnreadCountUrl);

export function useMarkAllCollaboratorNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<ResponseOf<typeof collaboratorNotificationsApi.readAll>>('POST', `${collaboratorNotificationsUrl}/read-all`),
    onSuccess: () => queryClient.invalidateQueries({ predicate: (q) => isCollaboratorNotificationKey(q.queryKey[0]) }),
  });
}

/** Waits before the n-th reconnection (0-based): 1 s, 2 s, 4 s … at most 30 s, so a server that is down is not hammered. */
export function reconnectDelay(attempt: number): number {
  return Math.min(1000 * 2 ** Math.max(attempt, 0), 30_000);
}

/** The data of a `notification` event; null when it is not one. */
export function parseNotification(data: unknown): Notification | null {
  if (typeof data !== 'string') return null;
  try {
    const value = JSON.parse(data) as Partial<Notification>;
    return typeof value.id === 'string' && typeof value.title === 'string' ? (value as Notification) : null;
  } catch {
    return null;
  }
}

/** What the stream needs of an EventSource (a fake one in tests). */
export interface StreamSource {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onerror: ((event: Event) => void) | null;
  addEventListener(type: string, listener: (event: MessageEvent) => void): void;
  close(): void;
}

/** EventSource.CLOSED: the browser gave up on the stream and will not reconnect by itself. */
const closed = 2;

export interface StreamFollower {
  connect(): StreamSource;
  /** Reads the session user again: whether the same user is still logged in. */
  stillLoggedIn(): Promise<boolean>;
  /** A notification came (null when its data could not be read). */
  onNotification(notification: Notification | null): void;
  /** The stream is open again after a break: what came meanwhile must be read. */
  onResumed(): void;
  /** Calls `callback` once the page is shown again; answers the cancel. */
  whenShown(callback: () => void): () => void;
  /** Calls `callback` after `ms`; answers the cancel. */
  later(callback: () => void, ms: number): () => void;
}

/**
 * Follows the notification stream until stopped (the answer). The browser reconnects a dropped
 * stream by itself. When the server ends it or refuses it, only a user still logged in opens it
 * again: at once when their session was replaced (a new password), after a growing delay when
 * refused. A logged-out page stops instead of knocking for ever. A stream replaced by a newer one
 * of the same user (another tab) waits until its page is shown again.
 */
export function followNotifications(follower: StreamFollower): () => void {
  let source: StreamSource | null = null;
  let cancel: (() => void) | null = null;
  let attempt = 0;
  let opened = false;
  let stopped = false;

  const reopenIfLoggedIn = async (sessionEnded: boolean) => {
    // A failed read is no proof of a logout: try again, after a while.
    const loggedIn = await follower.stillLoggedIn().catch(() => true);
    if (stopped || !loggedIn) return;
    if (sessionEnded) open();
    else cancel = follower.later(open, reconnectDelay(attempt++));
  };

  const open = () => {
    cancel = null;
    const current = (source = follower.connect());
    current.onopen = () => {
      // After a break, what arrived meanwhile is read again; the first opening needs nothing.
      if (opened) follower.onResumed();
      opened = true;
      attempt = 0;
    };
    current.addEventListener('notification', (event) => follower.onNotification(parseNotification(event.data)));
    // The server's word on why it ends the stream (src/http/routes/notifications.ts).
    current.addEventListener('end', (event) => {
      current.close();
      if (stopped) return;
      if (event.data === 'replaced') cancel = follower.whenShown(open);
      else void reopenIfLoggedIn(true);
    });
    current.onerror = () => {
      if (stopped || current.readyState !== closed) return;
      current.close();
      void reopenIfLoggedIn(false);
    };
  };
  open();

  return () => {
    stopped = true;
    cancel?.();
    source?.close();
  };
}

/**
 * Listens to the server's notifications while `userId` is logged in (any role): each one refreshes
 * the notifications, the orders, the reservations, the collaboration notices and work, and shows a toast (followNotifications
 * tells when the stream is opened again). Mount it once, in the app shell; logging out (userId
 * null) closes it.
 */
export function useNotificationStream(userId: string | null) {
  const queryClient = useQueryClient();
  // The newest refresher, read when an event comes: the stream is not reopened on each render.
  const refresh = useRefreshOrders();
  const refreshOrders = useRef(refresh);
  useEffect(() => {
    refreshOrders.current = refresh;
  });

  useEffect(() => {
    if (!userId || typeof EventSource === 'undefined') return;
    const refreshAll = () => {
      void refreshNotifications(queryClient);
      void refreshOrders.current();
      void queryClient.invalidateQueries({ predicate: (q) => isReservationKey(q.queryKey[0]) });
      // Collaboration notices come on this stream too (kind "collaboration"): their list and count,
      // and the requests and unlocks they tell of (a request arrives, is accepted, is bought), and
      // the work they lead to: assignments, sessions (their codes), standing accesses, earnings.
      void queryClient.invalidateQueries({
        predicate: (q) => isCollaboratorNotificationKey(q.queryKey[0]) || isCollaborationKey(q.queryKey[0]) || isCollaborationWorkKey(q.queryKey[0]),
      });
    };
    return followNotifications({
      connect: () => new EventSource(notificationStreamUrl),
      stillLoggedIn: async () => {
        await queryClient.refetchQueries({ queryKey: userQueryKey, exact: true });
        // Logged out: the user becomes null, the guards take the page to /auth and this effect ends.
        return queryClient.getQueryData<User | null>(userQueryKey)?.id === userId;
      },
      onNotification: (notification) => {
        refreshAll();
        if (notification) toast({ title: notification.title, description: notification.message });
      },
      onResumed: refreshAll,
      whenShown: (callback) => {
        const shown = () => {
          if (document.visibilityState !== 'visible') return;
          document.removeEventListener('visibilitychange', shown);
          callback();
        };
        document.addEventListener('visibilitychange', shown);
        return () => document.removeEventListener('visibilitychange', shown);
      },
      later: (callback, ms) => {
        const timer = setTimeout(callback, ms);
        return () => clearTimeout(timer);
      },
    });
  }, [userId, queryClient]);
}
