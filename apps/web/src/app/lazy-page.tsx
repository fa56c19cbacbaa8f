import { lazy, type ComponentType, type ReactElement } from 'react';

/**
 * A route's element whose code loads when the route is first shown. The route tables are module
 * constants, so each page is made lazy once and keeps its module.
 */
export function lazyPage(load: () => Promise<ComponentType>): ReactElement {
  const Page = lazy(async () => ({ default: await load() }));
  return <Page />;
}
