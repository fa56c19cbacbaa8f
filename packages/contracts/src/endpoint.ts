import type { z } from 'zod';
import type { Route } from './routes';

/**
 * An endpoint: its route (routes.ts) with the schemas of its request and of its answer's
 * envelope. `response` is absent only for a redirect.
 */
export interface Endpoint extends Route {
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
  response?: z.ZodObject<{ data: z.ZodType }>;
}
