import { bankStatementDetailSchema } from '@shop/contracts/admin';
import { queryOptions } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { isInProgress, pollMs } from '../bank-forms.ts';
import { bankStatementsKey } from './get-statements.ts';

export const statementKey = (id: number) => [...bankStatementsKey, 'detail', id] as const;

/**
 * One statement with its entries. While the job imports it (queued, importing) it is asked again every
 * second, so the screen goes from "waiting" through "importing" to the counts and the entries.
 */
export const statementQuery = (id: number) =>
  queryOptions({
    queryKey: statementKey(id),
    queryFn: () => apiCall(`/api/admin/bank-statements/${id}`, { answer: bankStatementDetailSchema }),
    refetchInterval: (query) => (isInProgress(query.state.data?.status) ? pollMs : false),
  });
