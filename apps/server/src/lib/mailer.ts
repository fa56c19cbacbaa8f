import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /** Resolves once the message is handed over; `where` says where it went (for the log). */
  send(message: MailMessage): Promise<{ where: string }>;
  close(): void;
}

/**
 * Sends without making the request wait (so that, for example, forgot-password takes as long for
 * an unknown email as for a known one). `drain` waits for what is still going out.
 */
export class MailQueue {
  private readonly pending = new Set<Promise<void>>();
  constructor(
    readonly mailer: Mailer,
    private readonly log: FastifyBaseLogger,
  ) {}

  enqueue(message: MailMessage): void {
    const sending = this.mailer.send(message).then(
      ({ where }) =>
        this.log.info({ event: 'mail.sent', to: message.to, subject: message.subject, where }, 'mail sent'),
      (err: unknown) =>
        this.log.error({ err, event: 'mail.failed', to: message.to, subject: message.subject }, 'mail not sent'),
    );
    this.pending.add(sending);
    void sending.finally(() => this.pending.delete(sending));
  }

  async drain(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }
}

/**
 * SMTP when SMTP_URL is set. Otherwise every message is written as an .eml file in
 * DATA_DIR/outbox, and the log names the file (never the message body: it carries codes and links).
 */
export function createMailer(options: { smtpUrl?: string; from: string; dataDir: string }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
        return { where: 'smtp' };
      },
      close: () => transport.close(),
    };
  }
  const outbox = path.resolve(options.dataDir, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      fs.mkdirSync(outbox, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(outbox, `${stamp}-${message.to.replace(/[^a-z0-9@.-]/gi, '_')}.eml`);
      fs.writeFileSync(file, info.message as Buffer);
      return { where: file };
    },
    close: () => transport.close(),
  };
}
