import { z } from 'zod';
import { idField, inputObject, text } from './fields';
import { MIGRATION_STATUSES } from './reports';

/*
 * The Machines screen's own calls (decision 045): a machine's detail (its bound node-locked units
 * and its latest jobs), and an Admin's block and unblock. The release of a binding is
 * `POST /Machine/release-binding` (agent.ts).
 */

/** The stable code of the refusal a blocked machine's agent calls get (HTTP 403). */
export const MACHINE_BLOCKED_CODE = 'MACHINE_BLOCKED';

/** How many of its latest jobs a machine's detail lists; the Job view lists them all. */
export const MACHINE_DETAIL_JOBS = 10;

export const machineParamsSchema = inputObject({ machineId: idField });

/** `POST /Machine/block` and `/Machine/unblock`: the machine by its name in the Admin's organisation. */
export const blockMachineSchema = inputObject({
  machineName: text({ error: 'Required' }).trim().min(1, 'Required').max(200),
});

export const machineBlockSchema = z.object({
  id: z.string(),
  name: z.string(),
  blocked: z.boolean(),
  blockedAt: z.string().nullable(),
});
export type MachineBlock = z.infer<typeof machineBlockSchema>;

/** A node-locked unit bound to the machine: from which lot and pool, and since when. */
export const boundUnitSchema = z.object({
  licenseId: z.string(),
  productCode: z.string(),
  productName: z.string(),
  poolId: z.string(),
  poolName: z.string(),
  boundAt: z.string(),
  /** The lot's expiry; null for a perpetual lot. */
  expiresAt: z.string().nullable(),
  /** The computer the unit serves; null after an old release, until the next computer reports. */
  fingerprint: z.string().nullable(),
  /** The caller may release it: an Admin whose pools it came from. */
  releasable: z.boolean(),
});
export type BoundUnit = z.infer<typeof boundUnitSchema>;

export const machineJobSchema = z.object({
  id: z.string(),
  name: z.string(),
  userName: z.string(),
  productCode: z.string(),
  status: z.enum(MIGRATION_STATUSES),
  startDate: z.string(),
  endDate: z.string().nullable(),
});

/** `GET /Machine/{machineId}`: the machine, its bound units and its latest jobs, in the caller's scope. */
export const machineDetailSchema = z.object({
  id: z.string(),
  name: z.string(),
  fingerprint: z.string().nullable(),
  lastSeenAt: z.string(),
  blocked: z.boolean(),
  blockedAt: z.string().nullable(),
  blockedByName: z.string().nullable(),
  /** The caller may block and unblock it. */
  manageable: z.boolean(),
  boundUnits: z.array(boundUnitSchema),
  jobs: z.array(machineJobSchema),
  jobCount: z.number().int(),
});
export type MachineDetail = z.infer<typeof machineDetailSchema>;
