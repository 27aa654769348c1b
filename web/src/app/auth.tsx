import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, type ReactNode } from 'react';
import type { BodyOf } from '@platform/http/contract';
import type { usersApi } from '@contracts/users';
import { apiGet, apiRequest, errorText } from '../lib/client';
import type { Role, User } from '../lib/types';
import { toast } from '../components/toast/toast-store';
import { useSiteName } from '../features/site-settings/api';

/** The body of POST /api/register, for the roles anyone may register as. */
export type Registration = BodyOf<typeof usersApi.register> & { role: Exclude<Role, 'admin'> };
type Credentials = BodyOf<typeof usersApi.login>;

interface AuthValue {
  user: User | null;
  isLoading: boolean;
  login: (credentials: Credentials) => Promise<User>;
  register: (registration: Registration) => Promise<User>;
  /** Never rejects: a failure shows the "Logout failed" toast and answers false. */
  logout: () => Promise<boolean>;
}

const AuthContext = createContext<AuthValue | null>(null);

export const userQueryKey = ['/api/user'] as const;

/** The session user and the login, register and logout actions, with the toasts of spec §8. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const siteName = useSiteName();
  const { data: user, isLoading } = useQuery({
    queryKey: userQueryKey,
    queryFn: () => apiGet<User>('/api/user', { on401: 'null' }),
  });

  const loginMutation = useMutation({
    mutationFn: (credentials: Credentials) => apiRequest<User>('POST', '/api/login', credentials),
    onSuccess: (u) => {
      queryClient.setQueryData(userQueryKey, u);
      toast({ title: 'Logged in successfully', description: `Welcome back, ${u.name}`, variant: 'success' });
    },
    onError: (error) => toast({ title: 'Login failed', description: errorText(error, 'Errore durante il login'), variant: 'destructive' }),
  });

  const registerMutation = useMutation({
    mutationFn: (registration: Registration) => apiRequest<User>('POST', '/api/register', registration),
    onSuccess: (u) => {
      // The server opens the new user's session with the registration.
      queryClient.setQueryData(userQueryKey, u);
      toast({ title: 'Registrazione completata', description: `Benvenuto su ${siteName}, ${u.name}!`, variant: 'success' });
    },
    onError: (error) => toast({ title: 'Errore di registrazione', description: errorText(error, 'Errore durante la registrazione'), variant: 'destructive' }),
  });

  const logoutMutation = useMutation({
    // A browser logged out receives no more pushes for the account (the server also stops at the session's end).
    // The push code loads with the logout, not with every first visit (issue [23]).
    mutationFn: async () => {
      await import('../features/notifications/push').then(({ unsubscribeThisBrowser }) => unsubscribeThisBrowser()).catch(() => {});
      return apiRequest('POST', '/api/logout');
    },
    onSuccess: () => {
      queryClient.setQueryData(userQueryKey, null);
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== userQueryKey[0] });
      toast({ title: 'Logged out successfully' });
    },
    onError: (error) => toast({ title: 'Logout failed', description: errorText(error, ''), variant: 'destructive' }),
  });

  const value: AuthValue = {
    user: user ?? null,
    isLoading,
    login: (c) => loginMutation.mutateAsync(c),
    register: (r) => registerMutation.mutateAsync(r),
    // One place for logout failures: the mutation's toast reports it, callers only learn the outcome.
    logout: () =>
      logoutMutation.mutateAsync().then(
        () => true,
        () => false,
      ),
  };
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used within an AuthProvider');
  return value;
}
