import { parseArgs } from 'node:util';
import { AgentCallError, httpAgentClient, type Send, simulate } from '../src/modules/agent';

/*
 * Plays the migration tool against a running portal over HTTP (decision 018):
 *   npm run agent:simulate -- --url http://127.0.0.1:8080 --api-key mhk_… \
 *     [--machines 2 --jobs 3 --mailboxes 20 --folders 6 --failure-rate 0.1 --product MBX --seed 1]
 * With an API key of scope `agent` (Settings → API keys; or PORTAL_API_KEY in the environment, which
 * keeps it out of the process list), as the tool runs in production (decision 032). Or, as before,
 * `--email user@example.com --password X`: signs in like a person (Admin or User account). Then
 * registers machines, starts jobs and mailboxes, reports folder progress and ends them; prints each
 * job and a summary. Exits 1 on an answer the portal should not have given, 2 when the key or the
 * account cannot be used as it is.
 */

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://127.0.0.1:8080' },
    'api-key': { type: 'string' },
    email: { type: 'string' },
    password: { type: 'string' },
    machines: { type: 'string', default: '2' },
    jobs: { type: 'string', default: '3' },
    mailboxes: { type: 'string', default: '20' },
    folders: { type: 'string', default: '6' },
    'failure-rate': { type: 'string', default: '0.1' },
    'retry-rate': { type: 'string', default: '0.1' },
    product: { type: 'string', default: 'MBX' },
    seed: { type: 'string', default: String(Date.now() % 100_000) },
  },
});

const say = (line: string) => process.stdout.write(`${line}\n`);
function stop(code: number, line: string): never {
  process.stderr.write(`${line}\n`);
  process.exit(code);
}

const number = (name: keyof typeof values, min: number, max: number): number => {
  const value = Number(values[name]);
  if (!Number.isFinite(value) || value < min || value > max)
    stop(2, `--${name} must be a number from ${min} to ${max}`);
  return value;
};

const apiKey = values['api-key'] ?? process.env.PORTAL_API_KEY;
if (!apiKey && (!values.email || !values.password))
  stop(2, 'Usage: npm run agent:simulate -- --api-key <mhk_…>  (or --email <account> --password <password>)');
const base = `${(values.url ?? '').replace(/\/$/, '')}/api`;

async function request(path: string, body: unknown, token?: string) {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const json: unknown = await res.json().catch(() => null);
  return { status: res.status, json };
}

/** A person's session token, for a run without a key. */
async function signIn(): Promise<string> {
  let login;
  try {
    login = await request('/User/login', { email: values.email, password: values.password });
  } catch (error) {
    stop(2, `Cannot reach the portal at ${base}: ${String(error)}`);
  }
  const session = (login.json as { data?: Record<string, unknown>; message?: string } | null) ?? {};
  if (login.status !== 200 || !session.data)
    stop(2, `Sign-in failed (${login.status}): ${session.message ?? 'no answer'}`);
  if (session.data.requireTwoFactor)
    stop(2, 'This account signs in with a code by email (two-factor): use an API key (--api-key) instead.');
  if (session.data.requirePasswordChange)
    stop(2, 'This account must change its password first: sign in to the portal once, change it, then run this again.');
  return String(session.data.token);
}
const token = apiKey ?? (await signIn());
const who = apiKey ? `the API key ${apiKey.slice(0, 12)}…` : String(values.email);

const send: Send = (_method, path, body) => request(path, body, token);
const options = {
  machines: number('machines', 1, 100),
  jobs: number('jobs', 1, 10_000),
  mailboxes: number('mailboxes', 0, 100_000),
  folders: number('folders', 1, 8),
  failureRate: number('failure-rate', 0, 1),
  retryRate: number('retry-rate', 0, 1),
  productCode: values.product ?? 'MBX',
  seed: number('seed', 0, Number.MAX_SAFE_INTEGER),
  prefix: `sim-${values.seed}`,
  log: say,
};
say(
  `Simulating ${options.jobs} jobs of ${options.mailboxes} mailboxes on ${options.machines} machines (seed ${options.seed})`,
);
try {
  const summary = await simulate(httpAgentClient(send), options);
  say(
    `\nDone: ${summary.machines} machines, jobs ${JSON.stringify(summary.jobs)}, mailboxes ` +
      `${JSON.stringify(summary.mailboxes)}, ${summary.retries} retried calls, ${summary.refused} refused for want of units`,
  );
  say(`  Mailboxes that skipped items, by category: ${JSON.stringify(summary.skipped)}`);
  if (summary.refusedMessage) say(`  The portal said: ${summary.refusedMessage}`);
  if (summary.unexpected.length > 0) stop(1, `Unexpected answers:\n  ${summary.unexpected.join('\n  ')}`);
} catch (error) {
  if (error instanceof AgentCallError && error.status === 403 && /agreement/i.test(error.message))
    stop(2, `${error.message} Sign in to the portal once as the owner of ${who} and accept it, then run this again.`);
  if (error instanceof AgentCallError && error.status === 401)
    stop(2, `${who} is not a live key or session (revoked, expired, or its owner deactivated).`);
  if (error instanceof AgentCallError && error.status === 403)
    stop(
      2,
      `${error.message} The agent runs with a key of scope 'agent', as an Admin or User account (not Auditor or SuperAdmin).`,
    );
  stop(1, `Unexpected: ${error instanceof Error ? error.message : String(error)}`);
}
