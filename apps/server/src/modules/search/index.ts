// The search module's public face: the command palette's search (decision 048). It owns no table.
export { searchRoutes } from './search.routes';
