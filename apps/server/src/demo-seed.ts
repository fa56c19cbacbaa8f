import type { Database } from './db/client';
import { seedDemo } from './db/seed';
import { seedDemoImport } from './modules/accounts';
import { acceptDemoSkips, blockDemoMachine, seedDemoMigrations } from './modules/agent';
import { seedDemoAlerts } from './modules/alerts';
import { seedDemoStock } from './modules/licenses';
import { seedDemoViews } from './modules/views';

/**
 * The demo organisation with its stock and migration history, in one transaction: what the server seeds with SEED_DEMO and
 * what every API test starts from.
 */
export function seedDemoOrganisation(db: Database, password: string, now = new Date()): Promise<boolean> {
  return seedDemo(db, password, now, async (tx, ids, at) => {
    const id = (key: string) => {
      const found = ids.get(key);
      if (!found) throw new Error(`demo account ${key} missing`);
      return found;
    };
    await seedDemoStock(
      tx,
      { superadmin: id('superadmin'), admin: id('admin'), user: id('user'), secure: id('secure') },
      at,
    );
    // Migration history for the report screens, through the agent's own service path.
    await seedDemoMigrations(tx, { admin: id('admin'), user: id('user'), secure: id('secure') }, at);
    await blockDemoMachine(tx, id('admin'), at);
    // Every verdict on first start: admin@ accepted the skips of two mailboxes (decision 044).
    await acceptDemoSkips(tx, id('admin'), at);
    // Low-stock thresholds, so that Settings → Alerts shows values (decision 027).
    await seedDemoAlerts(tx, id('admin'));
    // A checked user import, so that Import users shows a dry run (decision 047).
    await seedDemoImport(tx, id('admin'), at);
    // Saved views in the lists' menus and the sidebar (decision 050).
    await seedDemoViews(tx, id('admin'), at);
  });
}
