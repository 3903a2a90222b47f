import { bankStatementListSchema } from '@shop/contracts/admin';
import { queryOptions } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { isInProgress, pollMs } from '../bank-forms.ts';

export const bankStatementsKey = ['bank-statements'] as const;

/** The statement files, newest first; asked again every second while one of them is being imported. */
export const statementsQuery = () =>
  queryOptions({
    queryKey: [...bankStatementsKey, 'list'],
    queryFn: () => apiCall('/api/admin/bank-statements', { answer: bankStatementListSchema }),
    refetchInterval: (query) =>
      query.state.data?.statements.some((statement) => isInProgress(statement.status)) ? pollMs : false,
  });
