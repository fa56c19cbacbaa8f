import type { AgentMailbox, StartedJob } from '@portal/contracts/agent';
import type { FinalStatus, MigrationStatus } from '@portal/contracts/reports';
import type { Database } from '../../db/client';
import { AppError } from '../../core/errors';
import { agentCaller, completeJob, startJob } from './agent.jobs';
import { type AgentCaller, registerMachine } from './agent.machines';
import {
  completeMailbox,
  type FolderProgress,
  type MailboxStart,
  reportProgress,
  startMailbox,
} from './agent.mailboxes';

/** The agent API as the migration tool sees it, over HTTP or in process (the demo seed). */
export interface AgentClient {
  registerMachine(body: { name: string; fingerprint?: string }): Promise<{ id: string; name: string }>;
  startJob(body: {
    machineName: string;
    clientKey: string;
    name: string;
    productCode: string;
    fingerprint?: string;
  }): Promise<StartedJob>;
  startMailbox(jobId: string, body: MailboxStart): Promise<AgentMailbox>;
  progress(mailboxId: string, body: { folders: FolderProgress[] }): Promise<AgentMailbox>;
  completeMailbox(mailboxId: string, body: { status: FinalStatus; errorMessage?: string }): Promise<AgentMailbox>;
  completeJob(jobId: string, body: { status?: FinalStatus }): Promise<{ jobId: string; status: MigrationStatus }>;
}

/** A refused call: its HTTP status and the portal's message. */
export class AgentCallError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'AgentCallError';
  }
}

/** One HTTP request: path under /api, JSON body; answers the status and the parsed JSON. */
export type Send = (method: 'POST', path: string, body: unknown) => Promise<{ status: number; json: unknown }>;

/** The agent API over HTTP (`npm run agent:simulate`, and tests through app.inject). */
export function httpAgentClient(send: Send): AgentClient {
  async function call<T>(path: string, body: unknown): Promise<T> {
    const { status, json } = await send('POST', path, body);
    const envelope = json as { data?: T; message?: string } | null;
    if (status !== 200 || !envelope || envelope.data === undefined) {
      throw new AgentCallError(status, envelope?.message ?? `HTTP ${status}`);
    }
    return envelope.data;
  }
  return {
    registerMachine: (body) => call('/Agent/machines', body),
    startJob: (body) => call('/Agent/jobs', body),
    startMailbox: (jobId, body) => call(`/Agent/jobs/${jobId}/mailboxes`, body),
    progress: (mailboxId, body) => call(`/Agent/mailboxes/${mailboxId}/progress`, body),
    completeMailbox: (mailboxId, body) => call(`/Agent/mailboxes/${mailboxId}/complete`, body),
    completeJob: (jobId, body) => call(`/Agent/jobs/${jobId}/complete`, body),
  };
}

/**
 * The same service functions the routes call, in process, with the caller's clock: the demo seed
 * writes its migration history this way, at past dates, inside its own transaction.
 */
export function directAgentClient(
  db: Database,
  accountId: string,
  now: () => Date,
  apiKeyId: string | null = null,
): AgentClient {
  let tenantId: string | undefined;
  async function call<T>(run: (caller: AgentCaller) => Promise<T>): Promise<T> {
    try {
      tenantId ??= (await agentCaller(db, accountId, now())).tenantId;
      return await run({ accountId, tenantId, now: now(), apiKeyId });
    } catch (error) {
      if (error instanceof AppError) throw new AgentCallError(error.statusCode, error.message);
      throw error;
    }
  }
  return {
    registerMachine: (body) => call((caller) => registerMachine(db, caller, body)),
    startJob: (body) => call((caller) => startJob(db, caller, body)),
    startMailbox: (jobId, body) => call((caller) => startMailbox(db, caller, jobId, body)),
    progress: (mailboxId, body) => call((caller) => reportProgress(db, caller, mailboxId, body)),
    completeMailbox: (mailboxId, body) => call((caller) => completeMailbox(db, caller, mailboxId, body)),
    completeJob: (jobId, body) => call((caller) => completeJob(db, caller, jobId, body)),
  };
}
