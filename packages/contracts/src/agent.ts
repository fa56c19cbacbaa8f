import { z } from 'zod';
import { idField, inputObject, text } from './fields';
import { folderCompletenessFields } from './completeness';
import { FINAL_STATUSES, MIGRATION_STATUSES } from './reports';

/*
 * The agent API: the migration tool is a client of the portal (docs/product.md,
 * docs/decisions/018-migration-data.md). It signs in with a portal account (Admin or User) and
 * reports its machine, its jobs, each mailbox and its folders. Every call is idempotent under
 * retries through a natural key: the machine by name, the job by (machine, clientKey), the mailbox
 * by (job, sourceMailbox), a folder by (mailbox, folderPath) with absolute counters, and an end
 * that was already recorded is answered again without a second movement.
 */

const name = (max: number) => text({ error: 'Required' }).trim().min(1, 'Required').max(max);
const items = z.number().int().min(0).max(2_000_000_000);

export const LICENSING_MODES = ['NodeLocked', 'PerMailbox'] as const;
export type LicensingMode = (typeof LICENSING_MODES)[number];
export const MAILBOX_LICENSE_STATES = ['None', 'Reserved', 'Consumed', 'Released'] as const;
export type MailboxLicenseState = (typeof MAILBOX_LICENSE_STATES)[number];

/** `POST /Agent/machines`: registers the machine (or finds it by name) and records its binding. */
export const registerMachineSchema = inputObject({
  name: name(200),
  /** A stable hardware identifier; node-locked units bind to the machine that reports it. */
  fingerprint: text().trim().min(1).max(200).optional(),
});
export const machineSchema = z.object({ id: z.string(), name: z.string(), fingerprint: z.string().nullable() });

/** `POST /Agent/jobs`: a job starts on a machine, migrating mailboxes with one product. */
export const startJobSchema = inputObject({
  machineName: name(200),
  /** The agent's own id for the job: a retried start with the same key finds the same job. */
  clientKey: name(200),
  name: name(200),
  productCode: name(50),
  /**
   * The computer's stable hardware identifier. A node-locked unit serves the computer whose
   * fingerprint it was bound with: a start without one licenses per mailbox, one with another is
   * refused until an Admin releases the machine (decision 030).
   */
  fingerprint: text().trim().min(1).max(200).optional(),
});

/**
 * `POST /Machine/release-binding`: an Admin releases the node-locked units its pools bound to a
 * machine (one lot's with `licenseId`): each goes back to its pool as available (decision 045).
 */
export const releaseMachineSchema = inputObject({ machineName: name(200), licenseId: idField.optional() });
/** What a release did: the machine, and how many units went back to their pools. */
export const releasedMachineSchema = z.object({ id: z.string(), name: z.string(), released: z.number().int() });
export const startedJobSchema = z.object({
  jobId: z.string(),
  status: z.enum(MIGRATION_STATUSES),
  /** NodeLocked: the machine holds a bound unit and mailboxes draw none; PerMailbox: each draws one. */
  licensing: z.enum(LICENSING_MODES),
});
export type StartedJob = z.infer<typeof startedJobSchema>;

export const jobParamsSchema = inputObject({ jobId: idField });
export const mailboxParamsSchema = inputObject({ mailboxId: idField });

/** `POST /Agent/jobs/{jobId}/mailboxes`: a mailbox starts; per-mailbox licensing reserves a unit. */
export const startMailboxSchema = inputObject({
  sourceMailbox: name(320),
  sourceType: name(50),
  targetMailbox: name(320),
  destinationType: name(50),
});
export const agentMailboxSchema = z.object({
  mailboxId: z.string(),
  jobId: z.string(),
  status: z.enum(MIGRATION_STATUSES),
  licenseState: z.enum(MAILBOX_LICENSE_STATES),
});
export type AgentMailbox = z.infer<typeof agentMailboxSchema>;

export const folderProgressSchema = inputObject({
  folderPath: name(1000),
  totalItems: items,
  migratedItems: items,
  failedItems: items,
  filteredItems: items,
  status: z.enum(MIGRATION_STATUSES).default('InProgress'),
  errorMessage: text().trim().max(2000).nullish(),
  /**
   * Optional (decision 044): source and destination counts and sizes, and the skipped items by
   * category with up to 100 samples each. An agent that sends none is reported as before.
   */
  ...folderCompletenessFields,
});

/** `POST /Agent/mailboxes/{mailboxId}/progress`: absolute counters of some folders (a heartbeat too). */
export const mailboxProgressSchema = inputObject({
  folders: z
    .array(folderProgressSchema)
    .max(500)
    .refine((rows) => new Set(rows.map((r) => r.folderPath)).size === rows.length, 'Each folder can be named once'),
});

/** `POST /Agent/mailboxes/{mailboxId}/complete`: consumes the unit on success, releases it otherwise. */
export const completeMailboxSchema = inputObject({
  status: z.enum(FINAL_STATUSES),
  errorMessage: text().trim().max(2000).nullish(),
});

/** `POST /Agent/jobs/{jobId}/complete`: the job ends; mailboxes still in progress are cancelled. */
export const completeJobSchema = inputObject({
  status: z.enum(FINAL_STATUSES).optional(),
  errorMessage: text().trim().max(2000).nullish(),
});
export const agentJobSchema = z.object({ jobId: z.string(), status: z.enum(MIGRATION_STATUSES) });
