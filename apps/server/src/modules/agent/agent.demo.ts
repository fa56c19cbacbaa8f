import type { Database } from '../../db/client';
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
 * first start.
 */
export async function seedDemoMigrations(tx: Database, ids: DemoAgentIds, now: Date): Promise<void> {
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
  for (const [index, run] of runs.entries()) {
    let current = now;
    let pace = 1;
    const client = directAgentClient(tx, run.accountId, () => current);
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
  }
}
