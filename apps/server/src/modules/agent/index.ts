// The migration agent module's public face: its routes, the timeout sweep, and the simulation the
// demo seed and `npm run agent:simulate` share.
export { agentRoutes } from './agent.routes';
export { failSilentMailboxes } from './agent.timeout';
export { agentCaller, completeJob, startJob } from './agent.jobs';
export { registerMachine } from './agent.machines';
export { releaseMachine } from './agent.release';
export { setMachineBlocked } from './agent.block';
export { machineInScope } from './agent.machine-scope';
export { completeMailbox, reportProgress, startMailbox } from './agent.mailboxes';
export { AgentCallError, type AgentClient, directAgentClient, httpAgentClient, type Send } from './agent.clients';
export { simulate, type SimulationOptions, type SimulationSummary } from './agent.simulation';
export { blockDemoMachine, resumeDemoRunningJob, seedDemoMigrations } from './agent.demo';
export { acceptDemoSkips } from './agent.demo-skips';
export { recordSkipsAccepted } from './agent.accept-skips';
export { findCounterViolations } from './agent.invariants';
