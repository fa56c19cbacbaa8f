import { eq, sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { formatDayTimeIn, formatDayUtc } from '@portal/contracts/dates';
import { accounts, licenses, webhookEndpoints } from '../../db/schema';
import { MailQueue } from '../../core/mail-outbox';
import { createMailer } from '../../lib/mailer';
import { addAccount, idOf, signIn } from '../../../test/fixtures';
import { apiCall, bearer, DEMO_PASSWORD, useTestContext } from '../../../test/helper';
import { startWebhookReceiver } from '../../../test/webhook-receiver';
import { runDailyAlerts } from '../alerts';
import { issueLot } from '../stock';

/**
 * Every mail in the recipient's chosen language (decision 052), sent by the real app over SMTP to
 * the test's catcher: here to German recipients; the English ones are the other tests' (unchanged).
 */
const ctx = useTestContext({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true', WEBHOOK_RETRY_SECONDS: '1,1,1' });

const unique = (name: string) => `${name}.${Math.random().toString(36).slice(2)}@example.com`;

/** An account whose owner chose German (and, when given, a time zone) in Settings. */
async function german(values: Parameters<typeof addAccount>[1], timeZone: string | null = null) {
  const id = await addAccount(ctx.handle.db, values);
  await ctx.handle.db.update(accounts).set({ locale: 'de', timeZone }).where(eq(accounts.id, id));
  return id;
}

describe('every mail in the recipient’s language (decision 052)', () => {
  it('mails a German account its new sign-in details, its address check, and its factors’ reset in German', async () => {
    const adminId = await idOf(ctx.handle.db, 'admin@example.com');
    const { admin } = await signIn(ctx, { admin: 'admin@example.com' });
    const email = unique('dora');
    const childId = await german({ email, name: 'Dora Deutsch', roles: ['User'], parentId: adminId });

    const set = await apiCall(ctx, 'POST', '/User/set-child-password', admin, {
      childId,
      generateSystemPassword: true,
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const details = await ctx.mail.waitFor(email, /^Ihre Anmeldedaten$/);
    expect(details.text).toContain('Ihre E-Mail-Adresse ist bestätigt. Melden Sie sich mit diesen Daten an:');
    expect(details.text).toMatch(/Einmalpasswort: \S+/);
    expect(details.text).toMatch(/Migrationssoftware herunterladen: http/);
    expect(details.text).toMatch(/Anmelden: http/);
    expect(details.html).toContain('lang="de"');

    const reset = await apiCall(ctx, 'POST', '/User/reset-child-mfa', admin, { childId });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    const factors = await ctx.mail.waitFor(email, /^Ihre zweiten Faktoren wurden zurückgesetzt$/);
    expect(factors.text).toMatch(/, ein Administrator Ihrer Organisation, hat die Authenticator-App/);

    // Transfer Account: the new address is checked, then its sign-in details mailed, both in German.
    const moved = unique('dora.neu');
    const transfer = await apiCall(ctx, 'PUT', '/User/update-email', admin, {
      userId: childId,
      newEmail: moved,
      newAccountName: 'Dora Neu',
    });
    expect(transfer.status, JSON.stringify(transfer.body)).toBe(200);
    const check = await ctx.mail.waitFor(moved, /^Bestätigen Sie Ihre E-Mail-Adresse$/);
    expect(check.text).toContain('Hallo Dora Neu,');
    expect(check.text).toContain('für Sie wurde ein Konto erstellt.');
    const link = new URL(/E-Mail-Adresse bestätigen: (http\S+)/.exec(check.text)?.[1] ?? '');
    const confirmed = await ctx.app.inject({
      method: 'POST',
      url: '/api/User/confirm-email',
      payload: { token: link.searchParams.get('token') },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const second = await ctx.mail.waitFor(moved, /^Ihre Anmeldedaten$/);
    expect(second.text).toContain(`E-Mail: ${moved}`);
  });

  it('tells a German account in German that a recovery code stood in for its app', async () => {
    const email = unique('rita');
    await german({ email, name: 'Rita Recovery', roles: ['User'] });
    const token = await ctx.login(email);
    const started = await apiCall(ctx, 'POST', '/User/mfa/totp', token);
    const { secret } = started.body.data as { secret: string };
    const code = await generate({ secret, epoch: Math.floor(ctx.clock.now().getTime() / 1000) });
    const confirmed = await apiCall(ctx, 'POST', '/User/mfa/totp/confirm', token, { code });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    const { recoveryCodes } = confirmed.body.data as { recoveryCodes: string[] };

    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/User/login',
      payload: { email, password: DEMO_PASSWORD },
    });
    const pending = login.json<{ data: { token: string } }>().data.token;
    const used = await ctx.app.inject({
      method: 'POST',
      url: '/api/User/validate-2fa',
      headers: bearer(pending),
      payload: { token: pending, twoFactorCode: recoveryCodes[0], method: 'recovery' },
    });
    expect(used.statusCode, used.body).toBe(200);
    const mail = await ctx.mail.waitFor(email, /^Ein Wiederherstellungscode wurde zur Anmeldung verwendet$/);
    expect(mail.text).toContain('Es sind noch 9 unbenutzte Wiederherstellungscodes übrig.');
    expect(mail.text).toContain('Einstellungen → Zwei-Faktor');
  });

  it('tells a German Admin in German that its failing webhook was disabled', async () => {
    const email = unique('wanda');
    await german({ email, name: 'Wanda Webhook', roles: ['Admin'] });
    const { wanda } = await signIn(ctx, { wanda: email });
    const receiver = await startWebhookReceiver();
    try {
      const res = await apiCall(ctx, 'POST', '/Webhook', wanda, {
        url: receiver.url,
        events: ['license.allocated'],
        description: 'Test receiver',
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const { id } = res.body.data as { id: string };
      await ctx.handle.db
        .update(webhookEndpoints)
        .set({ failingSince: new Date(Date.now() - 73 * 3_600_000) })
        .where(eq(webhookEndpoints.id, id));
      receiver.answers.push(500, 500, 500, 500);
      await apiCall(ctx, 'POST', `/Webhook/${id}/test`, wanda);
      const mail = await ctx.mail.waitFor(email, /^Ein Webhook wurde deaktiviert$/, 15_000);
      expect(mail.text).toContain(`Jede Zustellung an ${receiver.url} ist seit 72 Stunden fehlgeschlagen`);
      expect(mail.text).toMatch(/Einstellungen → Webhooks öffnen: http\S+/);
    } finally {
      await receiver.close();
    }
  });

  it('writes a German Admin’s license alert in German, its days on its own clocks with the zone named', async () => {
    const superAdmin = await idOf(ctx.handle.db, 'superadmin@example.com');
    const email = unique('alma');
    const adminId = await german({ email, name: 'Alma Alert', roles: ['Admin'] }, 'Europe/Berlin');
    const now = ctx.clock.now();
    const issued = await issueLot(ctx.handle.db, {
      actorId: superAdmin,
      customerId: adminId,
      now,
      lot: {
        productCode: 'ARC',
        licenseTypeName: 'Standard',
        durationType: 'Fixed',
        usageType: 'NodeLocked',
        startDate: now.toISOString(),
        duration: 30,
        totalCount: 1,
      },
    });
    // 23:30 UTC, ten days on: already the next day in Berlin.
    const expiry = new Date(now.getTime() + 10 * 86_400_000);
    expiry.setUTCHours(23, 30, 0, 0);
    await ctx.handle.db.update(licenses).set({ expiryDate: expiry }).where(eq(licenses.id, issued.licenseId));
    await ctx.handle.db.execute(sql`INSERT INTO alert_thresholds (account_id, product_code, threshold)
      VALUES (${adminId}::uuid, 'MBX', 3)`);

    const mailer = createMailer({
      smtpUrl: ctx.mail.url,
      from: 'Portal <portal@example.com>',
      dataDir: '/nonexistent',
    });
    const queue = new MailQueue(ctx.handle.db, mailer, ctx.app.log);
    const deps = { db: ctx.handle.db, mail: queue, log: ctx.app.log, publicUrl: 'https://portal.example.com' };
    expect(await runDailyAlerts({ ...deps, defaultWindowDays: 30 }, now)).toMatchObject({ status: 'ran' });
    await queue.drain();
    await queue.stop();

    const mail = await ctx.mail.waitFor(email, /^Lizenzbenachrichtigungen$/);
    const berlinDay = formatDayTimeIn(expiry, 'Europe/Berlin').slice(0, 10);
    expect(berlinDay).not.toBe(formatDayUtc(expiry));
    expect(mail.text).toContain('Lizenzen, die innerhalb von 30 Tagen ablaufen:');
    expect(mail.text).toContain(
      `Archive Migration (Standard): 1 Einheit verfügbar, läuft am ${berlinDay} (Europe/Berlin) ab`,
    );
    expect(mail.text).toContain('Produkte mit geringem Bestand:');
    expect(mail.text).toContain('Mailbox Migration: 0 Einheiten verfügbar, unter Ihrem Schwellenwert von 3');
    expect(mail.text).toMatch(/Portal öffnen: https:\/\/portal\.example\.com\/licenses/);
    expect(mail.html).toContain('lang="de"');
  });
});
