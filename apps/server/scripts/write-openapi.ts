import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { buildApp } from '../src/app';
import { wrapPglite } from '../src/db/client';
import { loadConfig } from '../src/env';
import { systemClock } from '../src/lib/clock';
import { createMailer } from '../src/lib/mailer';

/** Writes docs/api/openapi.json: the same document the server serves at /api/docs/json. */
const out = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../docs/api/openapi.json');
// Migrated, as the app's mail queue reads its table when the app is ready.
const handle = wrapPglite(new PGlite());
await handle.migrate();
const app = await buildApp({
  db: handle.db,
  config: loadConfig({}),
  clock: systemClock,
  sessionPolicy: { idleMinutes: 30, maxHours: 12 },
  mailer: createMailer({ from: 'docs@localhost', dataDir: '/nonexistent' }),
});
await app.ready();
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, `${JSON.stringify(app.swagger(), null, 2)}\n`);
await app.close();
await handle.close();
process.stdout.write(`wrote ${path.relative(process.cwd(), out)}\n`);
