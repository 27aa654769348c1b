import { useMutation, useQuery, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { apiGet, apiRequest, type Page } from './client';
import { usePagedList } from './lists';
import { useRefreshOrders } from './orders';
import { toast } from '../components/toast/toast-store';

/* The user's notifications (docs/api-orders.md "Notifications"), and the live stream that keeps every page current. */

export interface Notification {
  id: string;
  title: string;
  message: string;
  read: boolean;
  /** A path in the app, or null. */
  link: string | null;
  createdAt: string;
}

export const notificationsUrl = '/api/notifications';
export const unreadCountUrl = '/api/notifications/unread-count';
export const notificationStreamUrl = '/api/notifications/stream';

/** The user's notifications, newest first, a page at a time. */
export const useNotificationList = () => usePagedList<Notification>(notificationsUrl);

/** How many are unread; 0 when it cannot be read (a badge is no place for an error). */
export function useUnreadCount(enabled = true) {
  return useQuery({
    queryKey: [unreadCountUrl],
    enabled,
    queryFn: async () => {
      try {
        return (await apiGet<{ count: number }>(unreadCountUrl))?.count ?? 0;
      } catch {
        return 0;
      }
    },
  });
}

const isNotificationKey = (key: unknown) => typeof key === 'string' && key.startsWith(notificationsUrl);
const isReservationKey = (key: unknown) => typeof key === 'string' && key.startsWith('/api/reservations');

const refreshNotifications = (queryClient: QueryClient) => queryClient.invalidateQueries({ predicate: (q) => isNotificationKey(q.queryKey[0]) });

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<Notification>('POST', `${notificationsUrl}/${id}/read`),
    onSuccess: (read) => {
      // Shown read at once, in whichever loaded page it is.
      queryClient.setQueriesData<InfiniteData<Page<Notification>>>({ queryKey: [notificationsUrl] }, (data) =>
        data?.pages ? { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.map((n) => (n.id === read.id ? read : n)) })) } : data,
      );
      return queryClient.invalidateQueries({ queryKey: [unreadCountUrl] });
    },
  });
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<{ count: number }>('POST', `${notificationsUrl}/read-all`),
    onSuccess: () => refreshNotifications(queryClient),
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

/**
 * Listens to the server's notifications while `userId` is logged in (any role): each one refreshes
 * the notifications, the orders and the reservations, and shows a toast. The browser reconnects a
 * dropped stream by itself; a stream the server refused is reopened here with a growing delay.
 * Mount it once, in the app shell; logging out (userId null) closes it.
 */
export function useNotificationStream(userId: string | null) {
  const queryClient = useQueryClient();
  // The newest refresher, read when an event comes: the stream is not reopened on each render.
  const refresh = useRefreshOrders();
  const refreshOrders = useRef(refresh);
  refreshOrders.current = refresh;

  useEffect(() => {
    if (!userId || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    let opened = false;
    let stopped = false;

    const refreshAll = () => {
      void refreshNotifications(queryClient);
      void refreshOrders.current();
      void queryClient.invalidateQueries({ predicate: (q) => isReservationKey(q.queryKey[0]) });
    };

    const open = () => {
      source = new EventSource(notificationStreamUrl);
      source.onopen = () => {
        // After a break, what arrived meanwhile is read again; the first opening needs nothing.
        if (opened) refreshAll();
        opened = true;
        attempt = 0;
      };
      source.addEventListener('notification', (event) => {
        refreshAll();
        const notification = parseNotification((event as MessageEvent).data);
        if (notification) toast({ title: notification.title, description: notification.message });
      });
      source.onerror = () => {
        if (stopped || source?.readyState !== EventSource.CLOSED) return;
        source.close();
        timer = setTimeout(open, reconnectDelay(attempt++));
      };
    };
    open();

    return () => {
      stopped = true;
      clearTimeout(timer);
      source?.close();
    };
  }, [userId, queryClient]);
}
