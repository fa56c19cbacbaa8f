// The allocations module's public face: handing stock on, the stock views and the movement list.
export { allocationsRoutes } from './allocations.routes';
