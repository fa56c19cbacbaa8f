import { type Endpoint, ENDPOINTS } from './endpoints';
import type { ROUTES } from './routes';
import { AGENT_ENDPOINTS } from './agent-endpoints';
import { LAZY_ENDPOINTS } from './lazy-endpoints';

/**
 * Every endpoint of the API: ENDPOINTS (what the shell's first load carries) and LAZY_ENDPOINTS
 * (what only lazy screens call) and
 * AGENT_ENDPOINTS (what only the migration agent calls). The server registers and names its routes from it; the tests walk it.
 */
export const ALL_ENDPOINTS = { ...ENDPOINTS, ...LAZY_ENDPOINTS, ...AGENT_ENDPOINTS } satisfies Record<
  keyof typeof ROUTES,
  Endpoint
>;
export type AnyEndpointName = keyof typeof ALL_ENDPOINTS;
