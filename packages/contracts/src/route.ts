/** An address of the API (routes.ts holds them all). */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Route {
  method: HttpMethod;
  /** Under `/api`; `:name` marks a path parameter. */
  path: string;
}

/** The path with its `:name` parameters filled in (encoded). */
export function pathOf(route: Route, params: Record<string, string> = {}): string {
  return route.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} of ${route.path}`);
    return encodeURIComponent(value);
  });
}
