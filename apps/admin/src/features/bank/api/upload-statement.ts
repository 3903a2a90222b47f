import { type BankStatement, bankStatementSchema } from '@shop/contracts/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall, queryString } from '../../../lib/api-client.ts';
import { uploadContentType } from '../bank-forms.ts';
import { statementKey } from './get-statement.ts';
import { bankStatementsKey } from './get-statements.ts';

/**
 * Sends a camt.053 file as it is (`POST /api/admin/bank-statements?name=…`, the XML as the body): the
 * answer is the statement, queued for the import job; the list is asked again.
 */
export function useUploadStatement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) =>
      apiCall<BankStatement>(`/api/admin/bank-statements${queryString({ name: file.name })}`, {
        method: 'POST',
        raw: { content: file, contentType: uploadContentType(file.type) },
        answer: bankStatementSchema,
      }),
    onSuccess: (statement) => {
      void queryClient.invalidateQueries({ queryKey: bankStatementsKey });
      // Its page can show it at once (queued, no entries yet) and follows the import from there.
      queryClient.setQueryData(statementKey(statement.id), { ...statement, entries: [] });
    },
  });
}
