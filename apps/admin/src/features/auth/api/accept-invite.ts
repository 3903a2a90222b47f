import type { acceptInviteRequestSchema } from '@shop/contracts/admin';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiCall } from '../../../lib/api-client.ts';

/**
 * Sets the invited member's password with the link's token (204, no session: the member signs in
 * next). A used, replaced or expired token is a 400 problem saying so.
 */
export const useAcceptInvite = () =>
  useMutation({
    mutationFn: (request: z.output<typeof acceptInviteRequestSchema>) =>
      apiCall('/api/admin/auth/accept-invite', { method: 'POST', body: request, isSignIn: true }),
  });
