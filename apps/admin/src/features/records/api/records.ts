import {
  type ServiceRecordKind,
  type serviceRecordActionSchema,
  serviceRecordDeletedSchema,
  serviceRecordListSchema,
  serviceRecordSchema,
} from '@shop/contracts/admin-records';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiCall } from '../../../lib/api-client.ts';
import { filterToParams, type RecordFilter } from '../record-filter.ts';

const recordsKey = ['records'] as const;

export const recordsQuery = (filter: RecordFilter) =>
  queryOptions({
    queryKey: [...recordsKey, filter],
    queryFn: () => {
      const query = filterToParams(filter, false).toString();
      return apiCall(`/api/admin/records/${filter.kind}${query ? `?${query}` : ''}`, {
        answer: serviceRecordListSchema,
      });
    },
    placeholderData: keepPreviousData,
  });

/** Every record the filters find as a file: a plain link (the session cookie goes with it). */
export const recordsCsvUrl = (filter: RecordFilter) => {
  const params = filterToParams({ ...filter, page: 1 }, false);
  params.set('format', 'csv');
  return `/api/admin/records/${filter.kind}?${params}`;
};

type ActionRequest = z.output<typeof serviceRecordActionSchema>;

/** Delete a record, or unsubscribe a newsletter subscription; the lists are asked again. */
export function useRecordAction(kind: ServiceRecordKind, id: number, action: 'delete' | 'unsubscribe') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: ActionRequest) =>
      apiCall<unknown>(`/api/admin/records/${kind}/${id}/${action}`, {
        method: 'POST',
        body: request,
        answer: action === 'delete' ? serviceRecordDeletedSchema : serviceRecordSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recordsKey }),
  });
}
