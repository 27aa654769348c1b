import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userQueryKey } from '../../app/auth';
import { apiRequest } from '../../lib/client';
import type { User } from '../../lib/types';

/* The user's own account (docs/api-orders.md "Profile"). */

/** PATCH /api/user: answers the session user, which replaces the cached one (the header's name follows). */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: { name?: string; email?: string }) => apiRequest<User>('PATCH', '/api/user', changes),
    onSuccess: (user) => queryClient.setQueryData(userQueryKey, user),
  });
}

/** POST /api/user/password: 204; a wrong current password is a 422 with an Italian message. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (passwords: { currentPassword: string; newPassword: string }) => apiRequest<null>('POST', '/api/user/password', passwords),
  });
}
