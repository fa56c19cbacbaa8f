// The migration agent module's public face: its routes, the timeout sweep, and the simulation the
// demo seed and `npm run agent:simulate` share.
export { agentRoutes } from './agent.routes';
export { failSilentMailboxes } from './agent.timeout';
export { agentCaller, completeJob, startJob } from './agent.jobs';
export { registerMachine } from './agent.machines';
export { completeMailbox, reportProgress, startMailbox } from './agent.mailboxes';
export { AgentCallError, type AgentClient, directAgentClient, httpAgentClient, type Send } from './agent.clients';
export { simulate, type SimulationOptions, type SimulationSummary } from './agent.simulation';
export { resumeDemoRunningJob, seedDemoMigrations } from './agent.demo';
export { findCounterViolations } from './agent.invariants';
