import { t } from '@lingui/core/macro';
import { RotateCwIcon } from 'lucide-react';
import { Component, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, buttonClassName } from '@/components/ui/button';
import { NetworkError } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { homePath } from './error-view';

/**
 * Whether a route failed for want of a connection: its code could not be fetched (each browser
 * words that differently) or a request got no answer.
 */
export function isConnectionFailure(error: unknown): boolean {
  if (error instanceof NetworkError) return true;
  if (typeof navigator !== 'undefined' && !navigator.onLine) return true;
  const message = error instanceof Error ? error.message : '';
  return /dynamically imported module|importing a module script failed|error loading dynamically imported|failed to fetch/i.test(
    message,
  );
}

type RouteErrorProps = {
  error: unknown;
  /** Loads the route's code again and shows it; without it, the page reloads. */
  onRetry?: () => void;
  /** Inside the signed-in shell the content area holds the message; alone it fills the window. */
  inShell?: boolean;
};

/** A crash while rendering a route, or while loading its code (offline, or after a deployment). */
export function RouteError({ error, onRetry, inShell = false }: RouteErrorProps) {
  const offline = isConnectionFailure(error);
  const detail = !offline && error instanceof Error ? error.message : '';
  // Alone it is the whole document, so its own main landmark; the shell's <main> holds it otherwise.
  const Root = inShell ? 'div' : 'main';
  const retry = onRetry ?? (() => window.location.reload());
  return (
    <Root
      className={cn(
        'flex flex-col items-center justify-center gap-3 px-4 text-center',
        inShell ? 'min-h-[60vh] py-16' : 'min-h-svh bg-background',
      )}
    >
      {/* An alert inside the landmark: a role on <main> itself would replace the landmark. */}
      <div role="alert" className="flex flex-col items-center gap-3">
        {offline ? (
          <>
            {/* docs/product.md, 'No connection'. */}
            <h1 className="text-2xl font-semibold tracking-tight">{t`Network Error`}</h1>
            <p className="max-w-md text-muted-foreground">{t`Please check your internet connection`}</p>
          </>
        ) : (
          <>
            <h1 className="text-2xl font-semibold tracking-tight">{t`Unexpected Application Error!`}</h1>
            <p className="max-w-md text-muted-foreground">
              {t`The page could not be displayed. Reloading usually helps, for example after the portal was updated.`}
            </p>
          </>
        )}
        {detail && (
          <pre className="max-w-full overflow-x-auto rounded-md bg-muted px-4 py-2 text-left text-sm whitespace-pre-wrap">
            {detail}
          </pre>
        )}
      </div>
      <div className="mt-4 flex flex-wrap justify-center gap-3">
        <Button variant="outline" onClick={retry}>
          <RotateCwIcon aria-hidden />
          {offline ? t`Try again` : t`Reload page`}
        </Button>
        <Link to={homePath()} reloadDocument className={buttonClassName()}>
          {t`Back to Home`}
        </Link>
      </div>
    </Root>
  );
}

type BoundaryProps = {
  /** The location's key: going elsewhere (Back, a link) leaves the error behind. */
  resetKey: string;
  /** Forgets the failed loads, so 'Try again' fetches the route's code again. */
  onRetry?: () => void;
  inShell?: boolean;
  children: ReactNode;
};

type BoundaryState = { error: unknown; errorKey: string | null };

/** The routes' error boundary: shows RouteError in place of the route until the location changes. */
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

  private readonly retry = () => {
    this.props.onRetry?.();
    this.setState({ error: null, errorKey: null });
  };

  override render() {
    if (this.state.error === null) return this.props.children;
    const { onRetry, inShell } = this.props;
    return <RouteError error={this.state.error} onRetry={onRetry ? this.retry : undefined} inShell={inShell} />;
  }
}
