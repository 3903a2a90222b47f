import {
  type createStaffRequestSchema,
  staffListEntrySchema,
  staffListSchema,
  type updateStaffRequestSchema,
} from '@shop/contracts/admin';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiCall } from '../../../lib/api-client.ts';

export type StaffListEntry = z.infer<typeof staffListEntrySchema>;

export const staffKey = ['staff'] as const;

/** Every staff account (operators only; anyone else gets a 403 problem, shown as a message). */
export const staffListQuery = () =>
  queryOptions({
    queryKey: [...staffKey, 'list'],
    queryFn: () => apiCall('/api/admin/staff', { answer: staffListSchema }),
  });

/** Invites a member: the account, and a mail with the link that sets the password. */
export function useInviteMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: z.input<typeof createStaffRequestSchema>) =>
      apiCall('/api/admin/staff', { method: 'POST', body: request, answer: staffListEntrySchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKey }),
  });
}

/** Changes a member's name, role, brands or limit, or switches the account off or on. */
export function useUpdateMember(staffId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: z.input<typeof updateStaffRequestSchema>) =>
      apiCall<StaffListEntry>(`/api/admin/staff/${encodeURIComponent(staffId)}`, {
        method: 'POST',
        body: request,
        answer: staffListEntrySchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKey }),
  });
}

/** Mails the member a new invitation link (the old one stops working once the new one is used). */
export const useResendInvite = (staffId: string) =>
  useMutation({
    mutationFn: () => apiCall(`/api/admin/staff/${encodeURIComponent(staffId)}/invite`, { method: 'POST' }),
  });
