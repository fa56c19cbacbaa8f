import type { Endpoint } from './endpoint';
import { envelope } from './envelope';
import { releasedMachineSchema, releaseMachineSchema } from './agent';
import { blockMachineSchema, machineBlockSchema, machineDetailSchema, machineParamsSchema } from './machines';
import { ROUTES } from './routes';

/** The Machine View's calls (decision 045), spread into ENDPOINTS. */
export const MACHINE_ENDPOINTS = {
  releaseMachine: { ...ROUTES.releaseMachine, body: releaseMachineSchema, response: envelope(releasedMachineSchema) },
  machineDetail: { ...ROUTES.machineDetail, params: machineParamsSchema, response: envelope(machineDetailSchema) },
  blockMachine: { ...ROUTES.blockMachine, body: blockMachineSchema, response: envelope(machineBlockSchema) },
  unblockMachine: { ...ROUTES.unblockMachine, body: blockMachineSchema, response: envelope(machineBlockSchema) },
} as const satisfies Record<string, Endpoint>;
