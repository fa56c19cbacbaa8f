import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { MAIL_STATES } from '../src/core/mail-outbox';
import { deadLetters, queueDepths } from '../src/core/work-queue';
import { DataDirLockedError } from '../src/db/data-dir-lock';
import { rowsOf } from '../src/db/rows';
import { ConfigError, loadConfig } from '../src/env';
import { WEBHOOK_STATES } from '../src/modules/webhooks';
import { IMPORT_STATES } from '../src/modules/accounts';
import { BULK_STATES } from '../src/modules/bulk';
import { openDatabase } from '../src/server';

/*
 * The background work as an operator sees it (decision 034), from the database the portal uses
 * (DATABASE_URL, or DATA_DIR while the portal is stopped):
 *   npm run queue            each kind's pending and dead rows, and each periodic task's state
 *   npm run queue -- --dead  the dead rows too (newest 50 of each kind), with their last error
 * A dead webhook delivery is sent again with Resend on Settings → Webhooks; a dead mail lost its
 * body (the codes and links in it) when it gave up, and its recipient asks again.
 */

const { values } = parseArgs({ options: { dead: { type: 'boolean', default: false } } });
const say = (line: string) => process.stdout.write(`${line}\n`);
const KINDS = [MAIL_STATES, WEBHOOK_STATES, IMPORT_STATES, BULK_STATES];

async function main(): Promise<void> {
  const handle = await openDatabase(loadConfig());
  try {
    const depths = await queueDepths(handle.db, KINDS);
    say('Queued work');
    for (const kind of KINDS) {
      const of = (state: string) => depths.find((d) => d.kind === kind.name && d.state === state)?.count ?? 0;
      say(
        `  ${kind.name.padEnd(10)} pending ${String(of('pending')).padStart(6)}   dead ${String(of('dead')).padStart(6)}`,
      );
    }
    const tasks = rowsOf<{
      name: string;
      runs: number;
      failures: number;
      last_succeeded_at: string | null;
      next_run_at: string;
      last_error: string | null;
    }>(
      await handle.db.execute(sql`
        SELECT name, runs, failures, last_succeeded_at::text, next_run_at::text, last_error
          FROM scheduled_tasks ORDER BY name`),
    );
    say('Periodic tasks');
    if (tasks.length === 0) say('  none has run yet');
    for (const task of tasks) {
      say(
        `  ${task.name.padEnd(20)} runs ${String(task.runs).padStart(6)}   failing ${task.failures}   ` +
          `last success ${task.last_succeeded_at ?? 'never'}   next ${task.next_run_at}`,
      );
      if (task.last_error) say(`    last error: ${task.last_error}`);
    }
    if (values.dead) {
      for (const kind of KINDS) {
        const dead = await deadLetters(handle.db, kind);
        say(`Dead ${kind.name} (${dead.length === 50 ? 'newest 50' : dead.length})`);
        for (const row of dead)
          say(`  #${row.id}  ${row.label}  after ${row.attempts} attempts: ${row.lastError ?? 'no error kept'}`);
      }
    }
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof DataDirLockedError || error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(2);
  }
  const cause = (error as { cause?: { code?: string } }).cause;
  if (cause?.code === '42P01') {
    process.stderr.write('This database holds no portal tables: start the portal on it once first.\n');
    process.exit(2);
  }
  throw error;
});
