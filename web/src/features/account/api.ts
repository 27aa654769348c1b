import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyOf, ResponseOf } from '@platform/http/contract';
import type { NoticeKind, notificationsApi } from '@contracts/notifications';
import type { usersApi } from '@contracts/users';
import { userQueryKey } from '../../app/auth';
import { apiRequest } from '../../lib/client';
import type { User } from '../../lib/types';

/* The user's own account (docs/api-orders.md "Profile"): name, e-mail and password, notices per kind, logout everywhere. */

export type { NoticeKind };
type NoticePreferences = ResponseOf<typeof notificationsApi.preferences>;
export type NoticePreference = NoticePreferences['preferences'][number];

const preferencesUrl = '/api/user/notification-preferences';

export function useNoticePreferences() {
  return useQuery<NoticePreferences>({ queryKey: [preferencesUrl], staleTime: 0 });
}

/** PUT: answers every kind as stored, which replaces the cached list. */
export function useSaveNoticePreference() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, ...channels }: { kind: NoticeKind } & NonNullable<BodyOf<typeof notificationsApi.setPreferences>['preferences'][NoticeKind]>) =>
      apiRequest<NoticePreferences>('PUT', preferencesUrl, { preferences: { [kind]: channels } } satisfies BodyOf<typeof notificationsApi.setPreferences>),
    onSuccess: (saved) => queryClient.setQueryData([preferencesUrl], saved),
  });
}

/** POST /api/auth/logout-everywhere: every session of the user ends, this one too. */
export function useLogoutEverywhere() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<ResponseOf<typeof usersApi.logoutEverywhere>>('POST', '/api/auth/logout-everywhere'),
    onSuccess: () => {
      queryClient.setQueryData(userQueryKey, null);
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== userQueryKey[0] });
    },
  });
}

/** PATCH /api/user: answers the session user, which replaces the cached one (the header's name follows). */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: BodyOf<typeof usersApi.changeProfile>) => apiRequest<User>('PATCH', '/api/user', changes),
    onSuccess: (user) => queryClient.setQueryData(userQueryKey, user),
  });
}

/** POST /api/user/password: 204; a wrong current password is a 422 with an Italian message. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (passwords: BodyOf<typeof usersApi.changePassword>) => apiRequest<null>('POST', '/api/user/password', passwords),
  });
}
