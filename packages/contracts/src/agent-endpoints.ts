import {
  agentJobSchema,
  agentMailboxSchema,
  completeJobSchema,
  completeMailboxSchema,
  jobParamsSchema,
  machineSchema,
  mailboxParamsSchema,
  mailboxProgressSchema,
  registerMachineSchema,
  startedJobSchema,
  startJobSchema,
  startMailboxSchema,
} from './agent';
import type { Endpoint } from './endpoint';
import { envelope } from './envelope';
import { ROUTES } from './routes';

/**
 * The migration agent's calls, with its API key: no screen makes them, so the web app never loads
 * this table (ALL_ENDPOINTS joins it for the server and the tests).
 */
export const AGENT_ENDPOINTS = {
  agentRegisterMachine: {
    ...ROUTES.agentRegisterMachine,
    body: registerMachineSchema,
    response: envelope(machineSchema),
  },
  agentStartJob: { ...ROUTES.agentStartJob, body: startJobSchema, response: envelope(startedJobSchema) },
  agentStartMailbox: {
    ...ROUTES.agentStartMailbox,
    params: jobParamsSchema,
    body: startMailboxSchema,
    response: envelope(agentMailboxSchema),
  },
  agentMailboxProgress: {
    ...ROUTES.agentMailboxProgress,
    params: mailboxParamsSchema,
    body: mailboxProgressSchema,
    response: envelope(agentMailboxSchema),
  },
  agentCompleteMailbox: {
    ...ROUTES.agentCompleteMailbox,
    params: mailboxParamsSchema,
    body: completeMailboxSchema,
    response: envelope(agentMailboxSchema),
  },
  agentCompleteJob: {
    ...ROUTES.agentCompleteJob,
    params: jobParamsSchema,
    body: completeJobSchema,
    response: envelope(agentJobSchema),
  },
} as const satisfies Record<string, Endpoint>;
export type AgentEndpointName = keyof typeof AGENT_ENDPOINTS;
