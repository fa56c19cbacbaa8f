import type { Database } from '../../db/client';
import { alertThresholds } from '../../db/schema';

/**
 * The demo Admin's low-stock thresholds, so that Settings → Alerts shows real values and the first
 * daily check has something to say: the demo's Public Folder Migration stock (a lot that expires
 * within 30 days) is under its threshold of 100; Mailbox Migration is watched at 50.
 */
export async function seedDemoAlerts(tx: Database, adminId: string): Promise<void> {
  await tx.insert(alertThresholds).values([
    { accountId: adminId, productCode: 'PFM', threshold: 100 },
    { accountId: adminId, productCode: 'MBX', threshold: 50 },
  ]);
}
