import type { RouteDocs } from '../../core/endpoint';

const tags = ['Migration agent'];
const BLOCKED = 'A machine an Admin blocked (POST /Machine/block) is refused with 403 and code MACHINE_BLOCKED.';
const RETRIES =
  'A retry with the same natural key answers what the first call made and moves no license unit (decision 018).';

/** How the OpenAPI document describes each route of agent.routes.ts, by endpoint name. */
export const DOCS = {
  agentRegisterMachine: {
    tags,
    summary: 'Register the machine the tool runs on',
    description:
      'Or find it by name: machines are unique by name within the organisation; the call records when it was last seen. ' +
      "A fingerprint other than the one the node-locked units of the caller's pool are bound to on the machine is a 409 " +
      `(audited) until an Admin releases the machine (POST /Machine/release-binding). ${RETRIES}`,
    refusals: { 403: BLOCKED, 409: "The machine's node-locked units of the caller's pool serve another computer." },
  },
  agentStartJob: {
    tags,
    summary: 'Start a job and decide its licensing',
    description:
      'An unknown machine name registers the machine. NodeLocked when the machine holds an unexpired node-locked ' +
      'binding for the product paid by the pool the account draws from, or that pool has a node-locked unit to ' +
      'bind to it now; ' +
      'else PerMailbox (each mailbox reserves a Pay-Per-Use unit). A node-locked unit serves the computer whose ' +
      'fingerprint it was bound with: a start without a fingerprint licenses per mailbox, one with another fingerprint is a ' +
      `409 (audited). An unknown product code is a 400. ${RETRIES} ` +
      "The retry key is (machineName, clientKey) of the caller's account.",
    refusals: {
      403: BLOCKED,
      400: 'An unknown product code.',
      409: "The machine's node-locked units of the caller's pool serve another computer.",
    },
  },
  agentStartMailbox: {
    tags,
    summary: 'Start a mailbox of a job',
    description:
      'Under per-mailbox licensing, reserves a unit: moves one Pay-Per-Use unit of the job’s product from available to in transit in the pool the account draws ' +
      'from; none left is a 409 naming the product and writes nothing. A job that has ended is a 409; a job of ' +
      `another account a 404. ${RETRIES} The retry key is (job, sourceMailbox).`,
    refusals: {
      403: `The job's machine is blocked: ${BLOCKED}`,
      404: "No such job of the caller's account.",
      409: 'The job has ended, or no Pay-Per-Use unit of its product is left (the message names the product).',
    },
  },
  agentMailboxProgress: {
    tags,
    summary: 'Report the folder progress of a mailbox',
    description:
      'Also the mailbox’s heartbeat. Each folder carries its absolute counters, so a repeated report changes nothing. The mailbox’s totals are ' +
      'the sums of its folders. A mailbox silent for longer than AGENT_MAILBOX_TIMEOUT_MINUTES is failed and its ' +
      'unit released; a report on a mailbox that has ended is a 409.',
    refusals: {
      403: `The job's machine is blocked: ${BLOCKED}`,
      404: "No such mailbox of the caller's account.",
      409: 'The mailbox has ended.',
    },
  },
  agentCompleteMailbox: {
    tags,
    summary: 'End a mailbox: consumes its unit on success, releases it otherwise',
    description:
      'Completed and CompletedWithErrors consume the reserved unit; Failed and Cancelled release it. A mailbox ' +
      'that has already ended answers its recorded state and moves nothing.',
    refusals: { 403: `The job's machine is blocked: ${BLOCKED}`, 404: "No such mailbox of the caller's account." },
  },
  agentCompleteJob: {
    tags,
    summary: 'End a job: mailboxes still in progress are cancelled',
    description:
      'Their reserved units are released. The job ends with the given status, or else: Completed when every ' +
      'mailbox completed, Failed or Cancelled when none succeeded, CompletedWithErrors otherwise. A job that has ' +
      'already ended answers its recorded status.',
    refusals: { 403: `The job's machine is blocked: ${BLOCKED}`, 404: "No such job of the caller's account." },
  },
} satisfies Record<string, RouteDocs>;
