import type { FinalStatus } from '@portal/contracts/reports';
import { AgentCallError, type AgentClient } from './agent.clients';
import type { FolderProgress } from './agent.mailboxes';
import { noSkips, type SkipCounters, withCompleteness } from './agent.simulation-skips';

/*
 * Plays the migration tool against the agent API: machines, jobs, mailboxes with folder progress,
 * successes, failures and cancels, and a share of retried calls, which must answer what the first
 * call made. `npm run agent:simulate` runs it over HTTP; the demo seed in process at past dates.
 */

export interface SimulationOptions {
  machines: number;
  jobs: number;
  /** Mailboxes per job. */
  mailboxes: number;
  /** Folders per mailbox, at most. */
  folders: number;
  /** Share of mailboxes that fail. */
  failureRate: number;
  /** Share of jobs the agent stops early: their mailboxes still running are cancelled (default 0.15). */
  stopEarlyRate?: number;
  /** Share of calls sent twice, as an agent does when an answer is lost. */
  retryRate?: number;
  productCode?: string;
  /** Names machines and job keys, so that runs with other prefixes do not meet. */
  prefix?: string;
  /** The wave number of the run's first job (default 1): a later run numbers on from earlier ones. */
  firstWave?: number;
  /** The machines' names, instead of ones made from the prefix. */
  machineNames?: string[];
  seed?: number;
  /** Whether a mailbox that goes on to its end first reports its folders halfway (default true). */
  halfway?: boolean;
  /** The last job stays open with its last mailboxes in progress (the demo's InProgress rows). */
  leaveLastJobOpen?: boolean;
  /** Called before each job and between calls; the demo seed moves its clock here. */
  beforeJob?: (index: number) => void;
  tick?: (minutes: number) => void;
  log?: (line: string) => void;
}

export interface SimulationSummary {
  machines: number;
  jobs: { NodeLocked: number; PerMailbox: number };
  mailboxes: Record<FinalStatus | 'InProgress', number>;
  /** Mailbox starts refused with 409 (no unit left), with the portal's message. */
  refused: number;
  refusedMessage?: string;
  retries: number;
  /** Mailboxes that skipped items, by the category they skipped (decision 044). */
  skipped: SkipCounters['skipped'];
  /** Anything the portal should not have answered; the script exits non-zero when there is one. */
  unexpected: string[];
}

const TEAMS = [
  'Finance',
  'Sales',
  'Legal',
  'Marketing',
  'Operations',
  'Engineering',
  'Support',
  'HR',
  'Procurement',
  'Research',
  'Executive',
  'Facilities',
];

/**
 * A job's name: a team, the product and the wave ("Legal MBX wave 2"). Every job of a run has its
 * own wave; runs with seeds that differ modulo 12 give the same wave other teams, so the demo's
 * runs (one seed each) never repeat a name.
 */
export function jobName(options: Pick<SimulationOptions, 'seed' | 'productCode' | 'firstWave'>, index: number): string {
  const team = TEAMS[((options.seed ?? 1) * 5 + index) % TEAMS.length];
  return `${team} ${options.productCode ?? 'MBX'} wave ${(options.firstWave ?? 1) + index}`;
}

/** A small seeded generator (mulberry32), so a run can be repeated. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const FOLDER_NAMES = ['Inbox', 'Sent Items', 'Drafts', 'Calendar', 'Contacts', 'Archive', 'Projects', 'Notes'];
const FIRST = ['ann', 'bob', 'carla', 'dev', 'emma', 'finn', 'gita', 'hugo', 'ines', 'jon', 'kim', 'lena'];

/** One simulation's state: its options, its seeded chances, its running summary. */
interface Run {
  client: AgentClient;
  options: SimulationOptions;
  random: () => number;
  pick: (n: number) => number;
  chance: (p: number) => boolean;
  tick: (minutes: number) => void;
  summary: SimulationSummary;
  /** Counts the mailboxes that ended well, to give every third skipped items (agent.simulation-skips.ts). */
  skips: SkipCounters;
  /** Sends a call, and sometimes again: the second answer must equal the first. */
  twice: <T>(what: string, call: () => Promise<T>) => Promise<T>;
}

function startRun(client: AgentClient, options: SimulationOptions): Run {
  const random = seededRandom(options.seed ?? 1);
  const chance = (p: number) => random() < p;
  const retryRate = options.retryRate ?? 0.1;
  const summary: SimulationSummary = {
    machines: 0,
    jobs: { NodeLocked: 0, PerMailbox: 0 },
    mailboxes: { Completed: 0, CompletedWithErrors: 0, Failed: 0, Cancelled: 0, InProgress: 0 },
    refused: 0,
    retries: 0,
    skipped: noSkips(),
    unexpected: [],
  };
  async function twice<T>(what: string, call: () => Promise<T>): Promise<T> {
    const first = await call();
    if (chance(retryRate)) {
      summary.retries += 1;
      const again = await call();
      if (JSON.stringify(again) !== JSON.stringify(first))
        summary.unexpected.push(`${what}: a retry answered ${JSON.stringify(again)}, first ${JSON.stringify(first)}`);
    }
    return first;
  }
  return {
    client,
    options,
    random,
    pick: (n) => Math.floor(random() * n),
    chance,
    tick: (minutes) => options.tick?.(minutes),
    summary,
    skips: { endedWell: 0, skipped: summary.skipped },
    twice,
  };
}

/** Starts a mailbox; undefined when the license refuses it (409), which the summary counts. */
async function startMailbox(run: Run, jobId: string, user: string) {
  try {
    return await run.twice(`start mailbox ${user}`, () =>
      run.client.startMailbox(jobId, {
        sourceMailbox: `${user}@source.example`,
        sourceType: 'Exchange',
        targetMailbox: `${user}@target.example`,
        destinationType: 'Microsoft 365',
      }),
    );
  } catch (error) {
    if (error instanceof AgentCallError && error.status === 409) {
      run.summary.refused += 1;
      run.summary.refusedMessage = error.message;
      return undefined;
    }
    throw error;
  }
}

/** One mailbox of job `j`: started, reported halfway, then ended, or left where `stays` says. */
async function runMailbox(run: Run, job: { jobId: string }, j: number, m: number, stays: (m: number) => boolean) {
  const { options, pick, chance, summary, twice } = run;
  run.tick(1 + pick(5));
  const user = `${FIRST[pick(FIRST.length)] ?? 'user'}.${j + 1}.${m + 1}`;
  const mailbox = await startMailbox(run, job.jobId, user);
  if (!mailbox) return;
  const folders = folderPlan(run.random, 1 + pick(Math.max(1, options.folders)));
  const outcome: FinalStatus = chance(options.failureRate)
    ? 'Failed'
    : chance(0.12)
      ? 'CompletedWithErrors'
      : chance(0.04)
        ? 'Cancelled'
        : 'Completed';
  const left = stays(m);
  if (left || options.halfway !== false)
    await twice(`progress ${user}`, () => run.client.progress(mailbox.mailboxId, { folders: folders.map(halfway) }));
  if (left) return 'left';
  run.tick(1 + pick(20));
  const final = withCompleteness(
    folders.map((folder) => finished(folder, outcome)),
    outcome,
    run.skips,
  );
  await twice(`progress ${user}`, () => run.client.progress(mailbox.mailboxId, { folders: final }));
  const ended = await twice(`complete ${user}`, () =>
    run.client.completeMailbox(mailbox.mailboxId, {
      status: outcome,
      ...(outcome === 'Failed' ? { errorMessage: 'The source mailbox could not be opened (access denied).' } : {}),
    }),
  );
  if (ended.status !== outcome) summary.unexpected.push(`complete ${user}: ${ended.status}, sent ${outcome}`);
  summary.mailboxes[outcome] += 1;
  if ((m + 1) % 100 === 0) options.log?.(`job ${j + 1}: ${m + 1} of ${options.mailboxes} mailboxes`);
  return 'ended';
}

/** Job `j` on its machine: its mailboxes, then its end unless it is the job left open. */
async function runJob(run: Run, machineNames: string[], prefix: string, j: number) {
  const { options, summary, twice } = run;
  options.beforeJob?.(j);
  const machineName = machineNames[j % machineNames.length] ?? `${prefix}-machine-1`;
  const open = options.leaveLastJobOpen === true && j === options.jobs - 1;
  const job = await twice(`start job ${j + 1}`, () =>
    run.client.startJob({
      machineName,
      clientKey: `${prefix}-job-${j + 1}`,
      name: jobName(options, j),
      productCode: options.productCode ?? 'MBX',
      fingerprint: `fp-${machineName}`,
    }),
  );
  summary.jobs[job.licensing] += 1;
  // Some jobs are stopped early: their open mailboxes are cancelled by the job's end.
  const stopAfter =
    !open && run.chance(options.stopEarlyRate ?? 0.15) ? run.pick(options.mailboxes) : options.mailboxes;
  const stays = (m: number) => m >= stopAfter || (open && m >= options.mailboxes - 2);
  for (let m = 0; m < options.mailboxes; m += 1) {
    if ((await runMailbox(run, job, j, m, stays)) === 'left') summary.mailboxes[open ? 'InProgress' : 'Cancelled'] += 1;
  }
  if (!open) {
    run.tick(1);
    const ended = await twice(`complete job ${j + 1}`, () => run.client.completeJob(job.jobId, {}));
    options.log?.(`job ${j + 1} on ${machineName}: ${job.licensing}, ended ${ended.status}`);
  } else options.log?.(`job ${j + 1} on ${machineName}: ${job.licensing}, left in progress`);
}

export async function simulate(client: AgentClient, options: SimulationOptions): Promise<SimulationSummary> {
  const run = startRun(client, options);
  const prefix = options.prefix ?? 'sim';
  const machineNames =
    options.machineNames ?? Array.from({ length: options.machines }, (_, i) => `${prefix}-machine-${i + 1}`);
  for (const name of machineNames) {
    await run.twice(`register ${name}`, () => client.registerMachine({ name, fingerprint: `fp-${name}` }));
    run.summary.machines += 1;
  }
  for (let j = 0; j < options.jobs; j += 1) await runJob(run, machineNames, prefix, j);
  return run.summary;
}

function folderPlan(random: () => number, count: number): FolderProgress[] {
  return FOLDER_NAMES.slice(0, Math.min(count, FOLDER_NAMES.length)).map((name) => {
    const total = Math.floor(random() * 400);
    const filtered = Math.floor(total * 0.05 * random());
    return {
      folderPath: `/${name}`,
      totalItems: total,
      migratedItems: total - filtered,
      failedItems: 0,
      filteredItems: filtered,
      status: 'Completed',
    };
  });
}

const halfway = (folder: FolderProgress): FolderProgress => ({
  ...folder,
  migratedItems: Math.floor(folder.migratedItems / 2),
  status: 'InProgress',
});

function finished(folder: FolderProgress, outcome: FinalStatus): FolderProgress {
  if (outcome === 'Completed') return folder;
  const failed = Math.min(folder.migratedItems, Math.ceil(folder.totalItems * 0.1));
  const status = outcome === 'CompletedWithErrors' ? 'CompletedWithErrors' : outcome;
  return {
    ...folder,
    migratedItems: folder.migratedItems - failed,
    failedItems: failed,
    status,
    ...(outcome === 'Cancelled' ? {} : { errorMessage: `${failed} items could not be migrated.` }),
  };
}
