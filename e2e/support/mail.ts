import fs from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';
import type { CaughtMail } from '../../apps/server/test/mail-catcher';

/** The newest message to `to` whose subject matches, as the SMTP receiver got it; waits up to 10 s. */
export async function waitForMail(to: string, subject: RegExp, after = 0): Promise<CaughtMail> {
  const dir = inject('mailDir');
  const deadline = Date.now() + 10_000;
  for (;;) {
    const files = fs.readdirSync(dir).sort().slice(after);
    const found = files
      .map((file) => JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as CaughtMail)
      .filter((mail) => mail.to.toLowerCase().includes(to.toLowerCase()) && subject.test(mail.subject))
      .at(-1);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no mail to ${to} matching ${subject}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** How many messages have arrived so far: pass it to waitForMail to ignore older ones. */
export function mailCount(): number {
  return fs.readdirSync(inject('mailDir')).length;
}

export function firstLink(mail: CaughtMail, pattern: RegExp): URL {
  const href = mail.text.match(/https?:\/\/\S+/g)?.find((link) => pattern.test(link));
  if (!href) throw new Error(`no link matching ${pattern} in:\n${mail.text}`);
  return new URL(href);
}
