import { loginResponseSchema, type LoginRequest, type LoginResponse } from '@portal/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** `POST User/login`: checks the credentials and answers with a (possibly pending) token. */
export function login(credentials: LoginRequest) {
  return apiClient.post<LoginResponse>('User/login', credentials, {
    parse: (data) => loginResponseSchema.parse(data),
  });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
