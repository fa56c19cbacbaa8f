import { lazy, type ComponentType, type ReactElement } from 'react';

/** How to load again each page whose code failed to arrive (offline, or a deployment in between). */
const failedPages = new Set<() => void>();

/**
 * Makes the next render of each page whose code failed load it again. React.lazy keeps a failed
 * load for good; the routes' error boundary calls this for its 'Try again'.
 */
export function retryFailedPages(): void {
  const resets = [...failedPages];
  failedPages.clear();
  for (const reset of resets) reset();
}

/**
 * A route's element whose code loads when the route is first shown. The route tables are module
 * constants, so each page is made lazy once and keeps its module; a failed load can be retried.
 */
export function lazyPage(load: () => Promise<ComponentType>): ReactElement {
  const makeLazy = () =>
    lazy(async () => {
      try {
        return { default: await load() };
      } catch (error) {
        failedPages.add(() => (current.Page = makeLazy()));
        throw error;
      }
    });
  const current = { Page: makeLazy() };
  function RetryablePage() {
    const { Page } = current;
    return <Page />;
  }
  return <RetryablePage />;
}
