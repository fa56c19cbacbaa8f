import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import '@/lib/class-merge';
import { clearSession } from '@/lib/session';
import { MfaSetupProvider } from './mfa-setup-provider';
import { createQueryClient } from './query-client';

/**
 * Server state for the login step dialogs on the lean login page, with the app's global notices.
 * A 401 there ends the pending sign-in; the dialog itself returns to the form.
 */
export function LeanDialogProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(() => createQueryClient({ onUnauthorized: clearSession }));
  return (
    <QueryClientProvider client={queryClient}>
      <MfaSetupProvider>{children}</MfaSetupProvider>
    </QueryClientProvider>
  );
}
