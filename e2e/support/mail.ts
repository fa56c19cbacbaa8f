import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import type { CaughtMail } from '../../apps/server/test/mail-catcher';
import { mailDir } from './env';

function newestMatching(to: string, subject: RegExp, after: number): CaughtMail | undefined {
  const dir = mailDir();
  return fs
    .readdirSync(dir)
    .sort()
    .slice(after)
    .map((file) => JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as CaughtMail)
    .filter((mail) => mail.to.toLowerCase().includes(to.toLowerCase()) && subject.test(mail.subject))
    .at(-1);
}

/** The newest message to `to` whose subject matches, as the SMTP receiver got it; waits up to 10 s. */
export async function waitForMail(to: string, subject: RegExp, after = 0): Promise<CaughtMail> {
  let found: CaughtMail | undefined;
  await expect
    .poll(() => (found = newestMatching(to, subject, after)) !== undefined, {
      message: `a mail to ${to} matching ${subject}`,
      timeout: 10_000,
    })
    .toBe(true);
  return found!;
}

/** How many messages have arrived so far: pass it to waitForMail to ignore older ones. */
export function mailCount(): number {
  return fs.readdirSync(mailDir()).length;
}

export function firstLink(mail: CaughtMail, pattern: RegExp): URL {
  const href = mail.text.match(/https?:\/\/\S+/g)?.find((link) => pattern.test(link));
  if (!href) throw new Error(`no link matching ${pattern} in:\n${mail.text}`);
  return new URL(href);
}
