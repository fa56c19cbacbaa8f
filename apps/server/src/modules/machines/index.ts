// The machines module's public face (decision 045): the Machine View's detail, release, block and unblock.
export { machinesRoutes } from './machines.routes';
