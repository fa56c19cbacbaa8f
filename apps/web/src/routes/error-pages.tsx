import { ErrorView } from '@/components/error-view';

/** `/401`, `/404`, `/500`, `/503`: public, outside the shell (docs/product.md). */
export function UnauthorizedRoute() {
  return <ErrorView code={401} fullScreen />;
}

export function NotFoundRoute() {
  return <ErrorView code={404} fullScreen />;
}

export function ServerErrorRoute() {
  return <ErrorView code={500} fullScreen />;
}

export function MaintenanceRoute() {
  return <ErrorView code={503} fullScreen />;
}
