/**
 * Seeds the demo organisation into the test run's second template (global-setup.ts), in a process
 * of its own: the seed imports most of the server, which vitest's global-setup runner cannot load.
 *   node --import tsx seed-template.ts pglite <migrated dump> <seeded dump>
 *   node --import tsx seed-template.ts postgres <database url>
 */
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { openPostgres, wrapPglite } from '../src/db/client';
import { seedDemoOrganisation } from '../src/demo-seed';
import { DEMO_PASSWORD, TEST_EPOCH } from './constants';

const [kind, from, to] = process.argv.slice(2);
if (kind === 'pglite' && from && to) {
  const client = new PGlite({ loadDataDir: new Blob([fs.readFileSync(from)]) });
  const handle = wrapPglite(client);
  await seedDemoOrganisation(handle.db, DEMO_PASSWORD, TEST_EPOCH);
  fs.writeFileSync(to, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
  await handle.close();
} else if (kind === 'postgres' && from) {
  const handle = openPostgres(from, 2);
  await seedDemoOrganisation(handle.db, DEMO_PASSWORD, TEST_EPOCH);
  await handle.close();
} else {
  throw new Error('usage: seed-template.ts pglite <from> <to> | postgres <url>');
}
