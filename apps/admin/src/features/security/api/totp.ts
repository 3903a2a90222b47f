import {
  totpConfirmAnswerSchema,
  type totpConfirmRequestSchema,
  totpSetupSchema,
} from '@shop/contracts/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiCall } from '../../../lib/api-client.ts';
import { sessionKey } from '../../auth/api/session.ts';

/** A new secret (not active until confirmed with a code from it). */
export const useStartTotpSetup = () =>
  useMutation({
    mutationFn: () => apiCall('/api/admin/auth/totp/setup', { method: 'POST', answer: totpSetupSchema }),
  });

/** The first code from the app switches the second factor on; the answer's recovery codes are shown once. */
export function useConfirmTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: z.output<typeof totpConfirmRequestSchema>) =>
      apiCall('/api/admin/auth/totp/confirm', {
        method: 'POST',
        body: request,
        answer: totpConfirmAnswerSchema,
      }),
    // The session now says totpEnabled and no longer mustSetUpTotp.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKey }),
  });
}
