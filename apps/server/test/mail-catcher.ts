import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface MailCatcher {
  url: string;
  messages: CaughtMail[];
  /** The first message (already received or still to come) to `to` whose subject matches. */
  waitFor(to: string, subject: RegExp, timeoutMs?: number): Promise<CaughtMail>;
  close(): Promise<void>;
}

export { freePort } from './server-process';

/**
 * A real SMTP receiver on loopback: the server's mail goes out over SMTP and is parsed here, as a
 * mailbox would. With `dir`, each message is also written there as JSON for other processes.
 */
export async function startMailCatcher(dir?: string, port = 0): Promise<MailCatcher> {
  const messages: CaughtMail[] = [];
  const listeners = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (parsed) => {
          const to = (Array.isArray(parsed.to) ? parsed.to : [parsed.to]).map((a) => a?.text ?? '').join(', ');
          const mail = { to, subject: parsed.subject ?? '', text: parsed.text ?? '', html: String(parsed.html || '') };
          messages.push(mail);
          if (dir) {
            fs.mkdirSync(dir, { recursive: true });
            fs.writeFileSync(path.join(dir, `${Date.now()}-${messages.length}.json`), JSON.stringify(mail));
          }
          for (const listener of listeners) listener();
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${bound}`,
    messages,
    waitFor(to, subject, timeoutMs = 10_000) {
      const find = () => messages.find((m) => m.to.toLowerCase().includes(to.toLowerCase()) && subject.test(m.subject));
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = find();
          if (!found) return;
          clearTimeout(timer);
          listeners.delete(check);
          resolve(found);
        };
        const timer = setTimeout(() => {
          listeners.delete(check);
          reject(new Error(`no mail to ${to} matching ${subject} within ${timeoutMs} ms`));
        }, timeoutMs);
        listeners.add(check);
        check();
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
