import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * What integrators do with docs/api/openapi.json: lint it as Redocly's recommended rules ask, and
 * generate a typed client from it (openapi-typescript, openapi-fetch) that compiles against real
 * calls. Decision 020.
 */
const run = promisify(execFile);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const document = path.join(root, 'docs/api/openapi.json');
let dir: string;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-client-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

interface LintReport {
  totals: { errors: number; warnings: number; ignored: number };
  problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[];
}

describe('docs/api/openapi.json for integrators', () => {
  it("passes Redocly's recommended rules (redocly.yaml) with no error and no warning", async () => {
    const cli = path.join(root, 'node_modules/@redocly/cli/bin/cli.js');
    // redocly.yaml names the document; lint exits 1 on an error, with the report on stdout all the same.
    const { stdout } = await run(process.execPath, [cli, 'lint', '--format=json'], {
      cwd: root,
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
    }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
    const report = JSON.parse(stdout) as LintReport;
    const problems = report.problems.map((p) => `${p.severity} ${p.ruleId} ${p.location[0]?.pointer}: ${p.message}`);
    expect(problems).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  });

  it('generates client types that compile against real calls and refuse wrong ones', { timeout: 60_000 }, async () => {
    const types = astToString(await openapiTS(pathToFileURL(document)));
    fs.writeFileSync(path.join(dir, 'api.d.ts'), types);
    fs.writeFileSync(path.join(dir, 'client.ts'), CLIENT);
    fs.writeFileSync(
      path.join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          target: 'ES2022',
          module: 'ESNext',
          moduleResolution: 'Bundler',
          lib: ['ES2022', 'DOM'],
          types: [],
          // The temporary folder has no node_modules: the client library is the repository's.
          paths: { 'openapi-fetch': [path.join(root, 'node_modules/openapi-fetch/dist/index.d.mts')] },
        },
        files: ['client.ts'],
      }),
    );
    const tsc = path.join(root, 'node_modules/typescript/bin/tsc');
    const result = await run(process.execPath, [tsc, '-p', path.join(dir, 'tsconfig.json')], { cwd: dir }).then(
      () => '',
      (error: Error & { stdout?: string }) => error.stdout || error.message,
    );
    expect(result).toBe('');
  });
});

/**
 * A client as an integrator writes it. Each call names its path, parameters and body as the
 * document types them; a missing or renamed operation, a lost field or a loosened type fails to
 * compile, and the `@ts-expect-error` lines fail if the types stop refusing mistakes.
 */
const CLIENT = `
import createClient from 'openapi-fetch';
import type { components, operations, paths } from './api';

const client = createClient<paths>({ baseUrl: 'https://portal.example' });
const auth = (token: string) => ({ Authorization: \`Bearer \${token}\` });

type Refusal = components['schemas']['ErrorEnvelope'];
const explain = (refusal: Refusal): string =>
  [refusal.message, ...(refusal.errors ?? []).map((e) => \`\${e.field}: \${e.message}\`)].join('; ');

export async function signIn(email: string, password: string): Promise<string> {
  const { data, error } = await client.POST('/api/User/login', { body: { email, password } });
  if (error) throw new Error(explain(error));
  const next: boolean = data.data.requireTwoFactor || data.data.requirePasswordChange;
  return next ? '' : data.data.token;
}

export async function me(token: string): Promise<{ email: string; roles: string[] }> {
  const { data, error } = await client.GET('/api/User/me', { headers: auth(token) });
  if (error) throw new Error(explain(error));
  return { email: data.data.email, roles: data.data.roles };
}

type Me = paths['/api/User/me']['get']['responses'][200]['content']['application/json']['data'];
export const isAdmin = (user: Me): boolean => user.roles.includes('Admin');

export async function signOut(token: string): Promise<void> {
  // The body may be left out.
  await client.POST('/api/User/logout', { headers: auth(token) });
}

export async function firstChildren(token: string): Promise<number> {
  const query: operations['childAccounts']['parameters']['query'] = { pageNumber: 1, pageSize: 10 };
  const { data } = await client.GET('/api/User/child-accounts', { params: { query }, headers: auth(token) });
  return data?.pageInfo.totalCount ?? 0;
}

export async function poolMembers(token: string, poolId: string): Promise<string[]> {
  const { data } = await client.GET('/api/LicensePool/{poolId}/users', {
    params: { path: { poolId } },
    headers: auth(token),
  });
  return data?.data.map((account) => account.email) ?? [];
}

export async function jobPdf(token: string, jobId: string): Promise<Blob | undefined> {
  const { data } = await client.GET('/api/report/job/{jobId}/pdf', {
    params: { path: { jobId } },
    headers: auth(token),
    parseAs: 'blob',
  });
  return data;
}

export async function startMailbox(token: string, jobId: string): Promise<string> {
  const { data, error, response } = await client.POST('/api/Agent/jobs/{jobId}/mailboxes', {
    params: { path: { jobId } },
    headers: auth(token),
    body: {
      sourceMailbox: 'ann@source.example',
      sourceType: 'Exchange',
      targetMailbox: 'ann@target.example',
      destinationType: 'Microsoft 365',
    },
  });
  if (error) throw new Error(\`\${response.status} \${explain(error)}\`);
  return data.data.mailboxId;
}

export async function mistakes(token: string): Promise<void> {
  // @ts-expect-error no such call
  await client.GET('/api/User/nothing-here');
  // @ts-expect-error sign-in needs the password
  await client.POST('/api/User/login', { body: { email: 'ann@example.com' } });
  // @ts-expect-error the pool is named in the path
  await client.GET('/api/LicensePool/{poolId}/users', { headers: auth(token) });
  const { data } = await client.GET('/api/User/me', { headers: auth(token) });
  // @ts-expect-error the account has no such field
  void data?.data.password;
}
`;
