import type { Database } from '../../db/client';
import { createImport } from './accounts.import';

/** The demo's wave: three new people, one who has an account, one address mistyped. */
const DEMO_WAVE = [
  'Name,Email,Role,Pool,Products',
  'Priya Natarajan,priya.natarajan@example.com,User,,',
  'Tom Becker,tom.becker@example.com,User,,',
  'Lena Fischer,lena.fischer@example.com,Admin,,',
  'Demo User,user@example.com,User,,',
  'Marco Rossi,marco.rossi.example.com,User,,',
].join('\r\n');

/**
 * A checked, not yet applied import of admin@'s, so that Import users shows a dry run on first
 * start: through the upload's own path, creating no account.
 */
export async function seedDemoImport(tx: Database, adminId: string, now: Date): Promise<void> {
  await createImport(tx, adminId, { fileName: 'wave-1-new-hires.csv', csv: DEMO_WAVE, ip: 'server' }, now);
}
