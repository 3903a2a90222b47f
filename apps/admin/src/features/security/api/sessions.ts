import { ownSessionsSchema } from '@shop/contracts/admin';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';

export const ownSessionsKey = ['own-sessions'] as const;

/** The signed-in member's open sessions (this browser's marked `current`). */
export const ownSessionsQuery = () =>
  queryOptions({
    queryKey: ownSessionsKey,
    queryFn: () => apiCall('/api/admin/auth/sessions', { answer: ownSessionsSchema }),
  });

/** Ends one of the member's own sessions: that browser is sent to the sign-in on its next call. */
export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) =>
      apiCall(`/api/admin/auth/sessions/${encodeURIComponent(sessionId)}/end`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ownSessionsKey }),
  });
}
