import { passwordPolicyErrors, passwordRequirementsSchema } from '@portal/contracts/password-policy';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DataOf, ENDPOINTS } from '@portal/contracts/endpoints';
import { AUTH_ROUTES } from '@portal/contracts/auth-routes';
import { callRoute } from './api-client';

/** `GET User/password-requirements`: the policy the server enforces, served as `data.requirements`. */
export const passwordRequirementsQueryOptions = queryOptions({
  queryKey: ['password-requirements'] as const,
  queryFn: async ({ signal }) => {
    const { data } = await callRoute<DataOf<typeof ENDPOINTS.passwordRequirements>>(AUTH_ROUTES.passwordRequirements, {
      signal,
      parse: (value) => ({
        requirements: passwordRequirementsSchema.parse((value as { requirements?: unknown }).requirements),
      }),
    });
    return data.requirements;
  },
  staleTime: 30 * 60 * 1000,
  retry: false,
});

/**
 * The rules `password` breaks, in the spec's words, checked live against the server's policy
 * (empty while the policy loads, or when the field is empty: required-field messages say that).
 */
export function usePasswordPolicyErrors(password: string): string[] {
  const { data } = useQuery(passwordRequirementsQueryOptions);
  if (!data || password === '') return [];
  return passwordPolicyErrors(password, data);
}
