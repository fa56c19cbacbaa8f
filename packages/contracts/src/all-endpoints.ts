import { type Endpoint, ENDPOINTS } from './endpoints';
import type { ROUTES } from './routes';
import { LAZY_ENDPOINTS } from './lazy-endpoints';

/**
 * Every endpoint of the API: ENDPOINTS (what the shell's first load carries) and LAZY_ENDPOINTS
 * (what only lazy screens call). The server registers and names its routes from it; the tests walk it.
 */
export const ALL_ENDPOINTS = { ...ENDPOINTS, ...LAZY_ENDPOINTS } satisfies Record<keyof typeof ROUTES, Endpoint>;
export type AnyEndpointName = keyof typeof ALL_ENDPOINTS;
