import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startMailCatcher } from '../apps/server/test/mail-catcher';
import { acceptEula } from './support/api';
import { DEMO_PASSWORD } from './support/browser';
import { startPortal } from './support/server';

/** The demo accounts the journeys sign in with; secure@ keeps its agreement pending (its journey shows the prompt). */
const READY_ACCOUNTS = ['superadmin', 'admin', 'auditor', 'user', 'user2'].map((who) => `${who}@example.com`);

/**
 * One real portal process for the browser journeys, on a fresh embedded database, mailing over
 * real SMTP to a receiver on loopback. E2E_WEB_DIST_DIR serves another build of the web app.
 * Every journey signs in from 127.0.0.1, so the per-address limit is raised: no journey depends
 * on how many sign-ins the files before it made.
 */
export default async function globalSetup() {
  const mailDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-mail-'));
  const mail = await startMailCatcher(mailDir);
  const portal = await startPortal({
    DEMO_PASSWORD,
    SMTP_URL: mail.url,
    RATE_LIMIT_PER_ADDRESS: '100000',
    // The webhook journey's receiver listens on 127.0.0.1, and its retries come within seconds.
    WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
    WEBHOOK_RETRY_SECONDS: '1,1,1',
    // The single sign-on journey's identity provider listens on 127.0.0.1, over http (decision 038).
    SSO_ALLOW_PRIVATE_ISSUERS: 'true',
    ...(process.env.E2E_WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.E2E_WEB_DIST_DIR } : {}),
  });
  process.env.E2E_BASE_URL = portal.url;
  process.env.E2E_MAIL_DIR = mailDir;
  for (const email of READY_ACCOUNTS) await acceptEula(portal.url, email);
  return async () => {
    await portal.stop();
    await mail.close();
    fs.rmSync(mailDir, { recursive: true, force: true });
  };
}
