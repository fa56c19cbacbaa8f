import { lazy, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { getRoles } from '@/features/auth/api/get-roles';
import { LoginPage } from '@/features/auth/components/login-page';
import { handleServerError } from '@/lib/handle-server-error';
import { clearSession } from '@/lib/session';
import { loadSignInMessages } from '@/lib/signin-i18n';
import { LazyToaster } from './lazy-toaster';
import '../login.css';

// The step dialogs use TanStack Query; it loads with them, not with the page.
const LeanDialogProviders = lazy(() =>
  import('./lean-dialog-providers').then((m) => ({ default: m.LeanDialogProviders })),
);

type LeanLoginProps = {
  /** A page load: the app that takes over is the full one (src/main.tsx). */
  goTo?: (to: string) => void;
};

/**
 * The login page as the lean entry renders it: `/` opened signed out. Sign-in ends with a page
 * load of the landing page, which starts the full app.
 */
export function LeanLogin({ goTo = (to) => window.location.assign(to) }: LeanLoginProps) {
  async function finishSignIn(fallback?: string) {
    try {
      // The permissions table that says where a SuperAdmin lands comes after the sign-in, not with the page.
      const [{ landingPath }, roles] = await Promise.all([import('@/features/auth/lib/landing'), getRoles()]);
      goTo(landingPath(roles, fallback));
    } catch (error) {
      handleServerError(error);
      clearSession();
    }
  }

  return (
    <>
      <LoginPage
        navigate={goTo}
        finishSignIn={finishSignIn}
        search={window.location.search}
        DialogProviders={LeanDialogProviders}
      />
      <LazyToaster />
    </>
  );
}

/** Renders once, in the browser's language: its messages arrive first (decision 052). */
export async function mount(root: HTMLElement): Promise<void> {
  await loadSignInMessages();
  createRoot(root).render(
    <StrictMode>
      <LeanLogin />
    </StrictMode>,
  );
}
