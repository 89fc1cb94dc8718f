import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import type { MailContent } from './messages';

export interface OutgoingMail extends MailContent {
  to: string;
  /** Stable per message (from its job's key): a resend after a crash is recognisably the same message. */
  messageId: string;
}

export interface MailTransport {
  /** "smtp" sends; "outbox" writes .eml files and logs them (no SMTP_URL: a newcomer sees what would go out). */
  readonly kind: 'smtp' | 'outbox';
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

export interface MailTransportOptions {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  log: (msg: string, data: Record<string, unknown>) => void;
}

/**
 * nodemailer (a large share of the server's JavaScript) is loaded with the first email, not at start-up: most
 * processes send none for a long time, and its code held memory meanwhile (issue 14).
 */
function lazyTransporter<T extends Transporter>(create: (mailer: typeof import('nodemailer')) => T) {
  let transporter: Promise<T> | undefined;
  let created: T | undefined;
  return {
    get: () => (transporter ??= import('nodemailer').then((mailer) => (created = create(mailer.default ?? mailer)))),
    close: () => created?.close(),
  };
}

export function createMailTransport(opts: MailTransportOptions): MailTransport {
  if (opts.smtpUrl) {
    const smtpUrl = opts.smtpUrl;
    const smtp = lazyTransporter((mailer) => mailer.createTransport(smtpUrl));
    return {
      kind: 'smtp',
      async send(mail) {
        await (await smtp.get()).sendMail({ from: opts.from, ...mail });
      },
      close: smtp.close,
    };
  }
  // Builds the same MIME message SMTP would carry, into a buffer.
  const builder = lazyTransporter((mailer) =>
    mailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
  );
  return {
    kind: 'outbox',
    async send(mail) {
      const info = await (await builder.get()).sendMail({ from: opts.from, ...mail });
      await mkdir(opts.outboxDir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${mail.messageId.replace(/[^\w-]+/g, '_')}.eml`;
      const file = path.join(opts.outboxDir, name);
      await writeFile(file, info.message as Buffer);
      opts.log('email written to the outbox (SMTP_URL is not set)', { to: mail.to, subject: mail.subject, file });
    },
    close: builder.close,
  };
}
