import type { ASSIGNABLE_ROLES } from '@portal/contracts/roles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { refreshAccountLists } from './refresh-account-lists';

export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];
export type UpdateRolesRequest = { userId: string; roles: AssignableRole[] };

/** `POST User/update-roles`: User, Admin and/or Auditor; never the caller's own. */
export function updateRoles(body: UpdateRolesRequest) {
  return apiClient.post<null>('User/update-roles', body);
}

export function useUpdateRoles() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateRoles, onSuccess: () => refreshAccountLists(queryClient) });
}
