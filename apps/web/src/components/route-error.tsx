import { RotateCwIcon } from 'lucide-react';
import { Component, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { homePath } from './error-view';

/** A crash while rendering a route, or while loading its code (typically after a deployment). */
export function RouteError({ error }: { error: unknown }) {
  const detail = error instanceof Error ? error.message : '';
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

type BoundaryProps = {
  /** The location's key: going elsewhere (Back, a link) leaves the error behind. */
  resetKey: string;
  children: ReactNode;
};

type BoundaryState = { error: unknown; errorKey: string | null };

/** The routes' error boundary: shows RouteError in place of the app until the location changes. */
export class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, errorKey: null };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error: error ?? new Error('Unknown error') };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    if (state.error === null) return null;
    if (state.errorKey === null) return { errorKey: props.resetKey };
    return state.errorKey === props.resetKey ? null : { error: null, errorKey: null };
  }

  override render() {
    return this.state.error === null ? this.props.children : <RouteError error={this.state.error} />;
  }
}
