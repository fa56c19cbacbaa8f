import type { RouteDocs } from '../../core/endpoint';

const tags = ['Machines'];
const BY_NAME = "A name unknown in the Admin's organisation, or of a machine none of its accounts used, is a 404.";

/** How the OpenAPI document describes each route of machines.routes.ts, by endpoint name. */
export const DOCS = {
  machineDetail: {
    tags,
    summary: 'Read a machine: its fingerprint, its block, its bound node-locked units and latest jobs',
    description:
      'The Machine View row detail (decision 045). The bound units are those of pools in the caller’s scope: ' +
      'product, lot, pool and since when; `releasable` when the caller is an Admin of that pool. The jobs are ' +
      'the latest 10 of the caller’s scope (jobCount counts them all; the Job view lists them by machineName).',
    refusals: { 404: "No such machine in the caller's scope." },
  },
  releaseMachine: {
    tags,
    summary: "Release a machine's node-locked units back to their pools",
    description:
      'For an Admin (decision 045, amending 030): the bindings that pools of the accounts it manages made on the ' +
      'machine end (only those of one lot with `licenseId`), and each unit goes back to its pool as available, ' +
      'with a Release movement naming the machine, in one transaction. The next job with a fingerprint on the ' +
      'machine binds a unit again. Answers how many units went back. Audited.',
    refusals: { 404: 'No machine of that name, or nothing of a pool the Admin manages is bound to it.' },
  },
  blockMachine: {
    tags,
    summary: 'Block a machine: its agent calls are refused',
    description:
      'For an Admin (decision 045). Every agent call that names the machine, or a job or mailbox on it, is then a 403 ' +
      'with code MACHINE_BLOCKED, and writes nothing. Its bound units stay bound until released. Idempotent: a ' +
      `blocked machine keeps its first block. Audited. ${BY_NAME}`,
    refusals: { 404: BY_NAME },
  },
  unblockMachine: {
    tags,
    summary: 'Unblock a machine',
    description: `For an Admin (decision 045): its agent calls are served again. Idempotent. Audited. ${BY_NAME}`,
    refusals: { 404: BY_NAME },
  },
} satisfies Record<string, RouteDocs>;
