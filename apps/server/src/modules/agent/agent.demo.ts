import { and, count, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { accounts, apiKeys, jobs, machines } from '../../db/schema';
import { tenantOf } from '../../core/tenant';
import { createApiKey, recordApiKeyUse } from '../../core/api-keys';
import { recordSeedAudit } from '../audit';
import { directAgentClient } from './agent.clients';
import { simulate, type SimulationOptions } from './agent.simulation';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** The demo accounts that run migrations, by their seed key. */
export interface DemoAgentIds {
  admin: string;
  user: string;
  /** Draws from the shared pool 'Sales Team'. */
  secure: string;
}

/**
 * The demo organisation's migration history, written through the agent's own service functions
 * (the same path as the API, so the ledger and the kept counts hold) at past dates: admin@ migrates
 * archives (ARC) on two machines, its last job still running; user@ mailboxes (MBX) on two; secure@
 * (a member of the Sales Team pool) mailboxes on one of user@'s machines. A machine binds one
 * node-locked unit per product at its first job, so secure@'s jobs run on that machine's binding and
 * the pools the stock tests read keep their counts: only admin@'s ARC and user@'s MBX lots give two
 * units each. Earlier, admin@ ran per-mailbox MBX jobs on its Pay-Per-Use lot (one unit per mailbox
 * migrated). The mailboxes end in every status. Seeded random numbers: the same history at every
 * first start. Each account's migration tool calls through an API key of its own (decision 032), made
 * 90 days ago, so the ledger and the trail name it; its secret is thrown away.
 */
export async function seedDemoMigrations(tx: Database, ids: DemoAgentIds, now: Date): Promise<void> {
  const keys = new Map<string, string>();
  const keyCreatedAt = new Date(now.getTime() - 90 * DAY_MS);
  for (const [accountId, name] of DEMO_KEYS(ids)) {
    const { row } = await createApiKey(tx, {
      accountId,
      name,
      scopes: ['agent'],
      expiresInDays: 365,
      now: keyCreatedAt,
    });
    keys.set(accountId, row.id);
  }
  const runs: { accountId: string; days: number[]; machineNames: string[]; options: Partial<SimulationOptions> }[] = [
    {
      accountId: ids.admin,
      days: [9, 7, 5, 2, 0],
      machineNames: ['MIG-SERVER-01', 'DESKTOP-OPS-02'],
      options: { productCode: 'ARC', seed: 7, leaveLastJobOpen: true },
    },
    {
      accountId: ids.user,
      days: [10, 6, 3],
      machineNames: ['DESKTOP-OPS-02', 'LAPTOP-FIELD-03'],
      options: { productCode: 'MBX', seed: 11, stopEarlyRate: 0.5 },
    },
    {
      accountId: ids.secure,
      days: [4, 1],
      machineNames: ['LAPTOP-FIELD-03'],
      options: { productCode: 'MBX', seed: 5 },
    },
    // Before its perpetual MBX lot started (12 days ago), admin@ migrated mailboxes on its Pay-Per-Use
    // lot: per-mailbox jobs over the past three months, each mailbox a Reserve then a Consume, so the
    // dashboard's consumption chart has a history of 30 and 90 days.
    {
      accountId: ids.admin,
      days: [85, 71, 57, 44, 33, 24, 15],
      machineNames: ['MIG-SERVER-01'],
      options: { productCode: 'MBX', seed: 13, mailboxes: 3, folders: 1, stopEarlyRate: 0 },
    },
  ];
  const lastUse = new Map<string, Date>();
  for (const [index, run] of runs.entries()) {
    let current = now;
    let pace = 1;
    const client = directAgentClient(tx, run.accountId, () => current, keys.get(run.accountId) ?? null);
    await simulate(client, {
      machines: run.machineNames.length,
      machineNames: run.machineNames,
      jobs: run.days.length,
      mailboxes: 5,
      halfway: false,
      folders: 4,
      failureRate: 0.15,
      retryRate: 0,
      prefix: `demo-${index + 1}`,
      ...run.options,
      beforeJob: (job) => {
        const days = run.days[job] ?? 0;
        // The running job started 40 minutes ago and reports briskly, so it has not timed out.
        pace = days === 0 ? 0.2 : 1;
        current = new Date(
          now.getTime() - (days === 0 ? 40 * MINUTE_MS : days * DAY_MS - (index + 9) * 60 * MINUTE_MS),
        );
      },
      tick: (minutes) => {
        current = new Date(Math.min(now.getTime(), current.getTime() + minutes * pace * MINUTE_MS));
      },
    });
    const last = lastUse.get(run.accountId);
    if (!last || last < current) lastUse.set(run.accountId, current);
  }
  // Settings → API keys says when and from where each tool last called (addresses for documentation).
  for (const [accountId, at] of lastUse) {
    const key = keys.get(accountId);
    if (key)
      await recordApiKeyUse(
        tx,
        key,
        at,
        DEMO_KEY_ADDRESSES[accountId === ids.admin ? 0 : accountId === ids.user ? 1 : 2],
      );
  }
}

/** The demo machine an Admin blocked. */
export const DEMO_BLOCKED_MACHINE = 'LAPTOP-FIELD-03';

/**
 * Machine View shows a blocked machine (decision 045): the field laptop, blocked by admin@ after its
 * last job, its MBX unit still bound to it.
 */
export async function blockDemoMachine(tx: Database, adminId: string, now: Date): Promise<void> {
  const at = new Date(now.getTime() - 12 * 60 * MINUTE_MS);
  const blocked = await tx
    .update(machines)
    .set({ blockedAt: at, blockedBy: adminId })
    .where(and(eq(machines.tenantId, await tenantOf(tx, adminId)), eq(machines.name, DEMO_BLOCKED_MACHINE)))
    .returning({ id: machines.id, name: machines.name });
  for (const machine of blocked) {
    await recordSeedAudit(
      tx,
      {
        event: 'machine.block',
        actor: adminId,
        at,
        detail: { target: machine.name, machine: machine.id, machineName: machine.name, changed: true },
      },
      DEMO_ADMIN_ADDRESS,
    );
  }
}

/** Where admin@ signed in to the portal from, in the demo's audit rows of its own changes. */
export const DEMO_ADMIN_ADDRESS = '198.51.100.7';

/** The API key of each demo account's migration tool. */
const ADMIN_DEMO_KEY = 'MIG-SERVER-01 agent';
const DEMO_KEY_ADDRESSES = ['198.51.100.21', '198.51.100.34', '203.0.113.58'] as const;
const DEMO_KEYS = (ids: DemoAgentIds): [string, string][] => [
  [ids.admin, ADMIN_DEMO_KEY],
  [ids.user, 'Ops desktop agent'],
  [ids.secure, 'Field laptop agent'],
];

/** The demo's running job: admin@'s ARC job on MIG-SERVER-01, started 40 minutes before `now`. */
const LIVE_JOB_MINUTES = 40;

/**
 * At every start of a demo portal after the first: when the demo's running job has ended (its
 * machine went silent for an hour and the sweep ended it, decision 030), admin@'s migration server
 * starts another, 40 minutes old, through the agent's own code, so the demo shows a job in progress
 * whatever day it is opened. Does nothing without the demo organisation or while admin@ has a job
 * in progress. Answers whether it started one.
 */
export async function resumeDemoRunningJob(db: Database, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [admin] = await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.email, 'admin@example.com'));
    if (!admin) return false;
    const [running] = await tx
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.accountId, admin.id), eq(jobs.status, 'InProgress')))
      .limit(1);
    if (running) return false;
    // Numbered on from admin@'s earlier jobs, so that no two demo jobs share a name.
    const [earlier] = await tx.select({ n: count() }).from(jobs).where(eq(jobs.accountId, admin.id));
    let current = new Date(now.getTime() - LIVE_JOB_MINUTES * MINUTE_MS);
    // Through admin@'s demo key while it is live, as the first seed's jobs were.
    const [key] = await tx
      .select({ id: apiKeys.id })
      .from(apiKeys)
      .where(
        and(
          eq(apiKeys.accountId, admin.id),
          eq(apiKeys.name, ADMIN_DEMO_KEY),
          isNull(apiKeys.revokedAt),
          gt(apiKeys.expiresAt, now),
        ),
      )
      .limit(1);
    const client = directAgentClient(tx, admin.id, () => current, key?.id ?? null);
    await simulate(client, {
      machines: 1,
      machineNames: ['MIG-SERVER-01'],
      jobs: 1,
      mailboxes: 5,
      halfway: false,
      folders: 4,
      failureRate: 0.15,
      retryRate: 0,
      productCode: 'ARC',
      seed: Math.floor(now.getTime() / MINUTE_MS) % 1_000_000,
      leaveLastJobOpen: true,
      firstWave: (earlier?.n ?? 0) + 1,
      prefix: `demo-live-${now.toISOString().slice(0, 16)}`,
      // It reports briskly, as the first seed's running job does, so it has not timed out.
      tick: (minutes) => {
        current = new Date(Math.min(now.getTime(), current.getTime() + minutes * 0.2 * MINUTE_MS));
      },
    });
    if (key) await recordApiKeyUse(tx, key.id, current, DEMO_KEY_ADDRESSES[0]);
    return true;
  });
}
