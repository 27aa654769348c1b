import { useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { ResponseOf } from '@platform/http/contract';
import type { CollaboratorNotification, collaboratorNotificationsApi } from '@contracts/collaborator-notifications';
import { apiGet, apiRequest, type Page } from '../../lib/client';
import { usePagedList } from '../../lib/lists';

/* The collaboration notices of a collaborator or a shopkeeper (docs/api-collaborator-notifications.md); the notifications' stream refreshes them. */

export type { CollaboratorNotification };

export const collaboratorNotificationsUrl = '/api/collaborator-notifications';
export const collaboratorUnreadCountUrl = '/api/collaborator-notifications/unread-count';

/** Whether a role has collaboration notices. */
export const hasCollaborationNotices = (role: string | undefined): boolean => role === 'collaborator' || role === 'shopkeeper';

/** Every query of these notices (the list's pages and the count), for the stream to refresh. */
export const isCollaboratorNotificationKey = (key: unknown): boolean => typeof key === 'string' && key.startsWith(collaboratorNotificationsUrl);

export const useCollaboratorNotificationList = (enabled = true) => usePagedList<CollaboratorNotification>(enabled ? collaboratorNotificationsUrl : null);

/** How many are unread and still current; 0 when it cannot be read or the role has none. */
export function useCollaboratorUnreadCount(enabled = true) {
  return useQuery({
    queryKey: [collaboratorUnreadCountUrl],
    enabled,
    queryFn: async () => {
      try {
        return (await apiGet<ResponseOf<typeof collaboratorNotificationsApi.unreadCount>>(collaboratorUnreadCountUrl))?.count ?? 0;
      } catch {
        return 0;
      }
    },
  });
}

export function useMarkCollaboratorNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<ResponseOf<typeof collaboratorNotificationsApi.read>>('POST', `${collaboratorNotificationsUrl}/${id}/read`),
    onSuccess: (read) => {
      queryClient.setQueriesData<InfiniteData<Page<CollaboratorNotification>>>({ queryKey: [collaboratorNotificationsUrl] }, (data) =>
        data?.pages ? { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.map((n) => (n.id === read.id ? read : n)) })) } : data,
      );
      return queryClient.invalidateQueries({ queryKey: [collaboratorUnreadCountUrl] });
    },
  });
}

export function useMarkAllCollaboratorNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<ResponseOf<typeof collaboratorNotificationsApi.readAll>>('POST', `${collaboratorNotificationsUrl}/read-all`),
    onSuccess: () => queryClient.invalidateQueries({ predicate: (q) => isCollaboratorNotificationKey(q.queryKey[0]) }),
  });
}
