import { ErrorView } from '@/components/error-view';
import { hasSession } from '@/lib/session';
import { SignedInLayout } from './shell/signed-in-layout';

/** Any unknown path: the 404 page, inside the shell when signed in so navigation remains. */
export function UnknownPathRoute() {
  if (!hasSession()) return <ErrorView code={404} fullScreen />;
  return (
    <SignedInLayout>
      <ErrorView code={404} />
    </SignedInLayout>
  );
}
