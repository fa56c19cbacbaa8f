import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startMailCatcher } from '../apps/server/test/mail-catcher';
import { DEMO_PASSWORD } from './support/browser';
import { startPortal } from './support/server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    /** Where the SMTP receiver writes each message the portal sends, as JSON. */
    mailDir: string;
  }
}

/**
 * One real portal process for the browser journeys, on a fresh embedded database, mailing over
 * real SMTP to a receiver on loopback. E2E_WEB_DIST_DIR serves another build of the web app.
 */
export default async function setup(project: TestProject) {
  const mailDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-mail-'));
  const mail = await startMailCatcher(mailDir);
  const portal = await startPortal({
    DEMO_PASSWORD,
    SMTP_URL: mail.url,
    ...(process.env.E2E_WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.E2E_WEB_DIST_DIR } : {}),
  });
  project.provide('baseURL', portal.url);
  project.provide('mailDir', mailDir);
  return async () => {
    await portal.stop();
    await mail.close();
    fs.rmSync(mailDir, { recursive: true, force: true });
  };
}
