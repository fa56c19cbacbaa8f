import { DEMO_PASSWORD } from '../e2e/support/browser';
import { startPortal } from '../e2e/support/server';
import { measureBundles } from './bundle';
import { load, type LoadFigures, startHelloServer } from './http';

/**
 * `npm run bench`: one run, figures printed side by side. The machine is shared and noisy, so the
 * portal is judged by its ratio to a bare Fastify route measured in the same run, alternating.
 */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = 2;
const LOGIN_BUDGET_BYTES = 100 * 1024;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const mean = (rows: LoadFigures[], key: keyof LoadFigures) =>
  rows.reduce((sum, row) => sum + row[key], 0) / rows.length;

const portal = await startPortal({ DEMO_PASSWORD, LOG_LEVEL: 'warn' });
const hello = await startHelloServer();
try {
  const res = await fetch(`${portal.url}/api/User/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@example.com', password: DEMO_PASSWORD }),
  });
  const token = ((await res.json()) as { data: { token: string } }).data.token;
  const meUrl = `${portal.url}/api/User/me`;
  const auth = { authorization: `Bearer ${token}` };

  await load(hello.url, {}, 2);
  await load(meUrl, auth, 2);
  const helloRuns: LoadFigures[] = [];
  const meRuns: LoadFigures[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    helloRuns.push(await load(hello.url, {}, SECONDS));
    meRuns.push(await load(meUrl, auth, SECONDS));
  }
  const bundles = await measureBundles(portal.url, 'admin@example.com', DEMO_PASSWORD);

  const rows = [
    [
      'hello-world (bare Fastify)',
      mean(helloRuns, 'requestsPerSecond'),
      mean(helloRuns, 'p99Ms'),
      mean(helloRuns, 'errors'),
    ],
    ['GET /api/User/me (portal)', mean(meRuns, 'requestsPerSecond'), mean(meRuns, 'p99Ms'), mean(meRuns, 'errors')],
  ] as const;
  const out = [
    `HTTP: 10 connections, ${ROUNDS} alternating rounds of ${SECONDS} s each (mean of rounds)`,
    ...rows.map(
      ([name, rps, p99, errors]) =>
        `  ${name.padEnd(28)} ${rps.toFixed(0).padStart(7)} req/s   p99 ${p99.toFixed(1).padStart(6)} ms   errors ${errors}`,
    ),
    `  ratio me/hello: throughput ${(rows[1][1] / rows[0][1]).toFixed(2)}x, p99 ${(rows[1][2] / rows[0][2]).toFixed(2)}x`,
    '',
    'Web bundle (gzip, as Chromium loads it):',
    `  login page        ${kb(bundles.loginGzipBytes).padStart(9)}  (budget ${kb(LOGIN_BUDGET_BYTES)}: ${bundles.loginGzipBytes <= LOGIN_BUDGET_BYTES ? 'within' : 'OVER'})`,
    `  + signed-in shell ${kb(bundles.shellGzipBytes).padStart(9)}  in all (${bundles.shellFiles.length} more files)`,
  ];
  process.stdout.write(`${out.join('\n')}\n`);
  if (bundles.loginGzipBytes > LOGIN_BUDGET_BYTES) process.exitCode = 1;
} finally {
  await hello.stop();
  await portal.stop();
}
