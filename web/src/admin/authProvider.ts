import type { QueryClient } from '@tanstack/react-query';
import type { AuthProvider } from 'react-admin';
import { apiGet, apiRequest } from '../lib/client';
import type { User } from '../lib/types';
import { dashboardPath } from '../app/access';
import { userQueryKey } from '../app/auth';

/** What react-admin's checkAuth and checkError reject with to send the reader elsewhere (`message: false`: no notice). */
export interface AuthRedirect {
  redirectTo: string;
  message: string | false;
}

const redirect = (redirectTo: string, message: string | false): AuthRedirect => ({ redirectTo, message });

/**
 * The admin's session is the site's cookie session (spec §6): only an admin gets in; anyone
 * else is sent to their own dashboard without being logged out, and no session means /auth.
 * The site's user query is kept in step, so the rest of the app sees the same user.
 */

export function createAuthProvider(queryClient: QueryClient): AuthProvider {
  const currentUser = async (): Promise<User | null> => {
    const user = await apiGet<User>('/api/user', { on401: 'null' });
    queryClient.setQueryData(userQueryKey, user);
    return user;
  };

  const requireAdmin = async (): Promise<User> => {
    const user = await currentUser();
    if (!user) throw redirect('/auth', 'Accedi per continuare');
    if (user.role !== 'admin') throw redirect(dashboardPath(user.role), false);
    return user;
  };

  return {
    login: async (credentials: { username: string; password: string }) => {
      const user = await apiRequest<User>('POST', '/api/login', credentials);
      queryClient.setQueryData(userQueryKey, user);
    },
    // react-admin calls logout also when a check fails: a non-admin keeps their session and goes home.
    logout: async () => {
      const user = await currentUser();
      if (user && user.role !== 'admin') return dashboardPath(user.role);
      if (user) await apiRequest('POST', '/api/logout');
      queryClient.setQueryData(userQueryKey, null);
      return '/auth';
    },
    checkAuth: async () => {
      await requireAdmin();
    },
    // 401: the session ended (logout elsewhere, suspension); 403: the account is no longer an admin.
    checkError: async (error: { status?: number }) => {
      if (error.status === 401) throw redirect('/auth', 'La sessione è terminata: accedi di nuovo.');
      if (error.status === 403) await requireAdmin();
    },
    getIdentity: async () => {
      const user = await requireAdmin();
      return { id: user.id, fullName: user.name || user.username };
    },
    // Asked for every resource and action: the user checkAuth has just read is enough.
    canAccess: async () => (queryClient.getQueryData<User | null>(userQueryKey) ?? (await currentUser()))?.role === 'admin',
  };
}
