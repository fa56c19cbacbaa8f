import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LazyToaster } from './lazy-toaster';
import { MfaSetupProvider } from './mfa-setup-provider';

/** App-wide context: server state, the MFA policy's set-up dialog and the toast outlet (loaded with the first toast). */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <MfaSetupProvider>{children}</MfaSetupProvider>
      <LazyToaster />
    </QueryClientProvider>
  );
}
