// The api-keys module's public face (decision 032): the routes. The table's owner is core/api-keys.ts.
export { apiKeysRoutes } from './api-keys.routes';
