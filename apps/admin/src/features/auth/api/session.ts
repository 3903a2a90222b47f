import type { AdminLoginRequest } from '@shop/contracts/admin';
import { type StaffSession, staffSessionSchema } from '@shop/contracts/staff-session';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiProblem, apiCall, setCsrfToken } from '../../../lib/api-client.ts';

export const sessionKey = ['session'] as const;

/** The signed-in staff member, or null when nobody is (the API's 401). */
export async function getSession(): Promise<StaffSession | null> {
  try {
    const session = await apiCall('/api/admin/auth/session', { answer: staffSessionSchema, isSignIn: true });
    setCsrfToken(session.csrfToken);
    return session;
  } catch (error) {
    if (error instanceof ApiProblem && error.status === 401) {
      setCsrfToken(null);
      return null;
    }
    throw error;
  }
}

export const sessionQuery = () =>
  queryOptions({ queryKey: sessionKey, queryFn: getSession, staleTime: 60_000, retry: false });

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: AdminLoginRequest) =>
      apiCall('/api/admin/auth/login', {
        method: 'POST',
        body: request,
        answer: staffSessionSchema,
        isSignIn: true,
      }),
    onSuccess: (session) => {
      setCsrfToken(session.csrfToken);
      // Another person may sign in in this tab: nothing of the last one's answers stays.
      queryClient.removeQueries();
      queryClient.setQueryData(sessionKey, session);
    },
  });
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiCall('/api/admin/auth/logout', { method: 'POST', isSignIn: true }),
    onSettled: () => {
      setCsrfToken(null);
      queryClient.removeQueries();
      queryClient.setQueryData(sessionKey, null);
    },
  });
}
