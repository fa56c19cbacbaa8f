import fs from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /** Resolves once the message is handed over; `where` says where it went (for the log). */
  send(message: MailMessage, id?: number): Promise<{ where: string }>;
  close(): void;
}

/**
 * SMTP when SMTP_URL is set. Otherwise every message is written as an .eml file in
 * DATA_DIR/outbox, and the log names the file (never the message body: it carries codes and links).
 */
export function createMailer(options: { smtpUrl?: string; from: string; dataDir: string }): Mailer {
  if (options.smtpUrl) {
    // Bounded waits: a dead server must not hold a claimed row past its lease.
    const transport = nodemailer.createTransport({
      url: options.smtpUrl,
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 30_000,
    });
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
    async send(message, id) {
      const info = await transport.sendMail({ from: options.from, ...message });
      fs.mkdirSync(outbox, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const suffix = id === undefined ? '' : `-${id}`;
      const file = path.join(outbox, `${stamp}${suffix}-${message.to.replace(/[^a-z0-9@.-]/gi, '_')}.eml`);
      fs.writeFileSync(file, info.message as Buffer);
      return { where: file };
    },
    close: () => transport.close(),
  };
}
