import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPostgres, wrapPglite } from '../src/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    dbTemplate:
      | { kind: 'pglite'; file: string; seededFile: string }
      | { kind: 'postgres'; url: string; template: string; seededTemplate: string; runId: string };
  }
}

const run = promisify(execFile);

/** seed-template.ts in a process of its own (this runner cannot load the whole server). */
async function seedTemplate(...args: string[]): Promise<void> {
  const script = fileURLToPath(new URL('./seed-template.ts', import.meta.url));
  await run(process.execPath, ['--import', 'tsx', script, ...args], { cwd: path.dirname(script) });
}

/**
 * Migrates once per run. PGlite: a dump of a migrated folder that each test file loads (under a
 * second, against about five to migrate). PostgreSQL (TEST_DATABASE_URL): a migrated template
 * database that each test file copies into a database of its own. Each comes twice: migrated, and
 * with the demo organisation seeded as createTestContext seeds it (its fixed clock and password), so
 * the 2.5 to 5 s of the seed are spent once per run instead of once per test context.
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const runId = `${process.pid}_${Date.now()}`;
    const template = `portal_tpl_${runId}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${template}"`);
    const target = new URL(url);
    target.pathname = `/${template}`;
    const handle = openPostgres(target.toString(), 2);
    await handle.migrate();
    await handle.close();
    const seededTemplate = `portal_tpl_seeded_${runId}`;
    await admin.query(`CREATE DATABASE "${seededTemplate}" TEMPLATE "${template}"`);
    target.pathname = `/${seededTemplate}`;
    await seedTemplate('postgres', target.toString());
    project.provide('dbTemplate', { kind: 'postgres', url, template, seededTemplate, runId });
    return async () => {
      const { rows } = await admin.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE $1`, [
        `portal_%${runId}%`,
      ]);
      for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
      await admin.end();
    };
  }
  const client = new PGlite();
  const handle = wrapPglite(client);
  await handle.migrate();
  const file = path.join(os.tmpdir(), `portal-template-${process.pid}.tar`);
  fs.writeFileSync(file, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
  await handle.close();
  const seededFile = path.join(os.tmpdir(), `portal-template-seeded-${process.pid}.tar`);
  await seedTemplate('pglite', file, seededFile);
  project.provide('dbTemplate', { kind: 'pglite', file, seededFile });
  return () => {
    fs.rmSync(file, { force: true });
    fs.rmSync(seededFile, { force: true });
  };
}
