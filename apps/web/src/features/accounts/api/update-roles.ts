import type { ASSIGNABLE_ROLES } from '@portal/contracts/roles';
import { type BodyOf } from '@portal/contracts/endpoints';
import { LAZY_ENDPOINTS } from '@portal/contracts/lazy-endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/call-endpoint';
import { refreshAccountLists } from './refresh-account-lists';

export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];
export type UpdateRolesRequest = BodyOf<typeof LAZY_ENDPOINTS.updateRoles>;

/** `POST User/update-roles`: User, Admin and/or Auditor; never the caller's own. */
export function updateRoles(body: UpdateRolesRequest) {
  return callEndpoint(LAZY_ENDPOINTS.updateRoles, { body });
}

export function useUpdateRoles() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateRoles, onSuccess: () => refreshAccountLists(queryClient) });
}
