// The health module's public face.
export { healthRoutes } from './health.routes';
