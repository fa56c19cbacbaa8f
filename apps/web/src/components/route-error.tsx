import { RotateCwIcon } from 'lucide-react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { Button } from '@/components/ui/button';
import { ErrorView, homePath } from './error-view';

/** The router's error element: a crash while rendering or loading a route. */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <ErrorView code={404} fullScreen />;

  const detail = error instanceof Error ? error.message : isRouteErrorResponse(error) ? error.statusText : '';
  return (
    <main className="flex min-h-svh flex-col items-center justify-center gap-3 bg-background px-4 text-center">
      {/* An alert inside the landmark: a role on <main> itself would replace the landmark. */}
      <div role="alert" className="flex flex-col items-center gap-3">
        <h1 className="text-2xl font-semibold tracking-tight">Unexpected Application Error!</h1>
        <p className="max-w-md text-muted-foreground">
          The page could not be displayed. Reloading usually helps, for example after the portal was updated.
        </p>
        {detail && (
          <pre className="max-w-full overflow-x-auto rounded-md bg-muted px-4 py-2 text-left text-sm whitespace-pre-wrap">
            {detail}
          </pre>
        )}
      </div>
      <div className="mt-4 flex flex-wrap justify-center gap-3">
        <Button variant="outline" onClick={() => window.location.reload()}>
          <RotateCwIcon aria-hidden />
          Reload page
        </Button>
        <Button asChild>
          <Link to={homePath()} reloadDocument>
            Back to Home
          </Link>
        </Button>
      </div>
    </main>
  );
}
