import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { recordSystemAudit } from '../audit';
import { emitWebhookEvent } from '../webhooks';
import type { MailQueue } from '../../core/mail-outbox';
import { localeOfAccount } from '../../lib/i18n/locale';
import {
  type ExpiringLotLine,
  licenseAlertMail,
  type LowProductLine,
  type MailRecipient,
} from '../../lib/mail-templates';

/** What the daily check needs: the database, the outbox, and the defaults of the server's configuration. */
export interface AlertJobDeps {
  db: Database;
  mail: Pick<MailQueue, 'enqueue'>;
  log: FastifyBaseLogger;
  /** The portal's address, for the link in the mail. */
  publicUrl: string;
  /** The expiry window of an Admin that never saved one (ALERT_EXPIRY_DAYS). */
  defaultWindowDays: number;
  /** How long a claimed run is an instance's own before another may take it over (default 30 minutes). */
  leaseMs?: number;
}

/** ran: this call did the day's check; done: it was done already; busy: another instance is doing it. */
export type AlertRunOutcome = { status: 'ran'; sent: number } | { status: 'done' } | { status: 'busy' };

const LEASE_MS = 30 * 60_000;

/** The day a run belongs to: the UTC date of its time. */
export const alertDayOf = (now: Date): string => now.toISOString().slice(0, 10);

/**
 * The day's alert check, at most once a day however many instances call it (decision 027). The
 * caller that inserts the day's row of alert_runs runs it; a row left unfinished by an instance
 * that died is taken over once its lease has passed. Each Admin's mail is written with its row of
 * alert_deliveries (key: account and day) and its audit row in one transaction, so that even a
 * takeover never mails an account twice the same day.
 */
export async function runDailyAlerts(deps: AlertJobDeps, now: Date): Promise<AlertRunOutcome> {
  const { db } = deps;
  const day = alertDayOf(now);
  const until = new Date(now.getTime() + (deps.leaseMs ?? LEASE_MS));
  const claimed = rowsOf<{ day: string }>(
    await db.execute(sql`INSERT INTO alert_runs (day, started_at, claimed_until)
      VALUES (${day}::date, ${now.toISOString()}::timestamptz, ${until.toISOString()}::timestamptz)
      ON CONFLICT (day) DO UPDATE SET
        started_at = EXCLUDED.started_at, claimed_until = EXCLUDED.claimed_until, attempts = alert_runs.attempts + 1
      WHERE alert_runs.finished_at IS NULL AND alert_runs.claimed_until <= EXCLUDED.started_at
      RETURNING day`),
  );
  if (claimed.length === 0) {
    const [run] = rowsOf<{ finished: boolean }>(
      await db.execute(sql`SELECT finished_at IS NOT NULL AS finished FROM alert_runs WHERE day = ${day}::date`),
    );
    return run?.finished ? { status: 'done' } : { status: 'busy' };
  }
  const sent = await sendAlerts(deps, day, now);
  // Only while the claim is still this run's: a run taken over after its lease passed leaves the
  // day's row (and its count) to the instance that took it over.
  await db.execute(sql`UPDATE alert_runs SET finished_at = ${now.toISOString()}::timestamptz, sent = ${sent}
    WHERE day = ${day}::date AND claimed_until = ${until.toISOString()}::timestamptz`);
  deps.log.info({ event: 'alerts.run', day, sent }, 'daily alert check done');
  return { status: 'ran', sent };
}

interface AdminAlert {
  accountId: string;
  email: string;
  /** The Admin's language and time zone: the mail is written in them (decision 052). */
  recipient: MailRecipient;
  windowDays: number;
  expiring: ExpiringLotLine[];
  low: LowProductLine[];
}

/** The alerts of every active Admin not yet mailed on `day`, in two set-based queries. */
export async function collectAlerts(db: Database, day: string, now: Date, defaultWindowDays: number) {
  const at = sql`${now.toISOString()}::timestamptz`;
  const admins = sql`'Admin' = ANY(a.roles) AND a.active
    AND NOT EXISTS (SELECT 1 FROM alert_deliveries d WHERE d.account_id = a.id AND d.day = ${day}::date)`;
  const [expiring, low] = await Promise.all([
    // Lots with units still available in the Admin's own pools (Default and the shared pools it owns)
    // that expire within its window: after that, those units can no longer be used.
    db.execute(sql`SELECT a.id AS account_id, a.email, a.locale, a.time_zone,
        coalesce(st.expiry_window_days, ${defaultWindowDays}) AS window_days, pr.name AS product_name, l.edition, l.expiry_date, sum(s.available)::int AS available
      FROM accounts a
      JOIN pools p ON p.owner_id = a.id
      JOIN stock s ON s.pool_id = p.id
      JOIN licenses l ON l.id = s.license_id
      JOIN products pr ON pr.code = l.product_code
      LEFT JOIN alert_settings st ON st.account_id = a.id
      WHERE ${admins} AND l.expiry_date > ${at}
        AND l.expiry_date <= ${at} + make_interval(days => coalesce(st.expiry_window_days, ${defaultWindowDays}))
      GROUP BY a.id, a.email, a.locale, a.time_zone, st.expiry_window_days, l.id, pr.name, l.edition, l.expiry_date
      HAVING sum(s.available) > 0
      ORDER BY a.id, l.expiry_date, pr.name, l.id`),
    // Products whose usable units (lots not expired) in the Admin's own pools are under its threshold.
    db.execute(sql`SELECT * FROM (
        SELECT a.id AS account_id, a.email, a.locale, a.time_zone,
          coalesce(st.expiry_window_days, ${defaultWindowDays}) AS window_days, pr.name AS product_name, t.threshold,
          coalesce((SELECT sum(s.available) FROM pools p
            JOIN stock s ON s.pool_id = p.id
            JOIN licenses l ON l.id = s.license_id
            WHERE p.owner_id = a.id AND l.product_code = t.product_code
              AND (l.expiry_date IS NULL OR l.expiry_date > ${at})), 0)::int AS available
        FROM alert_thresholds t
        JOIN accounts a ON a.id = t.account_id
        JOIN products pr ON pr.code = t.product_code
        LEFT JOIN alert_settings st ON st.account_id = a.id
        WHERE ${admins}) low
      WHERE available < threshold
      ORDER BY account_id, product_name`),
  ]);
  type Head = {
    account_id: string;
    email: string;
    locale: string | null;
    time_zone: string | null;
    window_days: number;
  };
  const alerts = new Map<string, AdminAlert>();
  const alertOf = (row: Head) => {
    let alert = alerts.get(row.account_id);
    if (!alert) {
      alert = {
        accountId: row.account_id,
        email: row.email,
        recipient: { locale: localeOfAccount(row), timeZone: row.time_zone },
        windowDays: Number(row.window_days),
        expiring: [],
        low: [],
      };
      alerts.set(row.account_id, alert);
    }
    return alert;
  };
  type ExpiringRow = Head & { product_name: string; edition: string; expiry_date: string | Date; available: number };
  for (const row of rowsOf<ExpiringRow>(expiring)) {
    alertOf(row).expiring.push({
      productName: row.product_name,
      edition: row.edition,
      expiryDate: new Date(row.expiry_date),
      available: Number(row.available),
    });
  }
  type LowRow = Head & { product_name: string; threshold: number; available: number };
  for (const row of rowsOf<LowRow>(low)) {
    alertOf(row).low.push({
      productName: row.product_name,
      threshold: Number(row.threshold),
      available: Number(row.available),
    });
  }
  return [...alerts.values()];
}

/** The day's alert to the Admin's webhooks too (decision 033): a lot.expiring and a stock.low event. */
async function emitAlertEvents(tx: Database, alert: AdminAlert, now: Date): Promise<void> {
  if (alert.expiring.length > 0) {
    const lots = alert.expiring.map((lot) => ({ ...lot, expiryDate: lot.expiryDate.toISOString() }));
    await emitWebhookEvent(
      tx,
      'lot.expiring',
      [alert.accountId],
      { adminId: alert.accountId, windowDays: alert.windowDays, lots },
      now,
    );
  }
  if (alert.low.length > 0) {
    await emitWebhookEvent(tx, 'stock.low', [alert.accountId], { adminId: alert.accountId, products: alert.low }, now);
  }
}

/** One transaction per Admin: the delivery row (or nothing if it exists), the mail and the audit row. */
async function sendAlerts(deps: AlertJobDeps, day: string, now: Date): Promise<number> {
  const portalUrl = new URL('/licenses', deps.publicUrl).toString();
  let sent = 0;
  for (const alert of await collectAlerts(deps.db, day, now, deps.defaultWindowDays)) {
    const delivered = await deps.db.transaction(async (tx) => {
      const inserted = rowsOf<{ account_id: string }>(
        await tx.execute(sql`INSERT INTO alert_deliveries (account_id, day, sent_at, expiring_lots, low_products)
          VALUES (${alert.accountId}::uuid, ${day}::date, ${now.toISOString()}::timestamptz,
            ${alert.expiring.length}, ${alert.low.length})
          ON CONFLICT DO NOTHING
          RETURNING account_id`),
      );
      if (inserted.length === 0) return false;
      await deps.mail.enqueue(licenseAlertMail(alert.email, alert, portalUrl, alert.recipient), tx);
      await emitAlertEvents(tx, alert, now);
      await recordSystemAudit(tx, deps.log, 'alert.sent', alert.accountId, now, {
        day,
        expiringLots: alert.expiring.length,
        lowProducts: alert.low.length,
      });
      return true;
    });
    if (delivered) sent += 1;
  }
  return sent;
}
