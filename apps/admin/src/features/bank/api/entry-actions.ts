import {
  type assignBankEntryRequestSchema,
  type BankEntry,
  bankEntrySchema,
  type handleBankEntryRequestSchema,
} from '@shop/contracts/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiCall } from '../../../lib/api-client.ts';
import { bankStatementsKey } from './get-statements.ts';

type Requests = {
  assign: z.output<typeof assignBankEntryRequestSchema>;
  handle: z.output<typeof handleBankEntryRequestSchema>;
};
export type EntryAction = keyof Requests;

/**
 * What staff decide about an entry (`POST /api/admin/bank-entries/:entryId/<action>`, with the CSRF
 * header): assign it to an order (which is paid) or mark it handled. The statements are asked again
 * (the entry's outcome, who handled it).
 */
export function useEntryAction<Action extends EntryAction>(entryId: string, action: Action) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: Requests[Action]) =>
      apiCall<BankEntry>(`/api/admin/bank-entries/${encodeURIComponent(entryId)}/${action}`, {
        method: 'POST',
        body: request,
        answer: bankEntrySchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bankStatementsKey }),
  });
}
