import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';

/** Who a mail is from: a brand's (order-mail.ts, mailSenderOf). */
export type MailSender = {
  /** The From display name. */
  name: string;
  /** The From address; null = the installation's (MAIL_FROM's). */
  address: string | null;
  replyTo: string | null;
};

export type OutgoingMail = {
  to: string;
  sender: MailSender;
  subject: string;
  html: string;
  text: string;
  /** Fixed per outbox row, so that a mail sent again after a crash is recognisably the same one. */
  messageId: string;
  attachments?: { filename: string; content: Buffer; cid?: string; contentType?: string }[];
  /** Extra header lines, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058) on newsletter mails. */
  headers?: Record<string, string>;
};

export type MailTransport = {
  /** Where mails go, for the start-up log: `smtp://host:port` or the outbox folder. */
  readonly target: string;
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
};

/**
 * The message fields of a mail: From = the sender's name with its address or the installation's
 * (nodemailer encodes a name like "Dealjäger" for the header), Reply-To when there is one.
 */
function messageOf(mail: OutgoingMail, defaultAddress: string) {
  const { sender, ...message } = mail;
  return {
    ...message,
    from: { name: sender.name, address: sender.address ?? defaultAddress },
    ...(sender.replyTo ? { replyTo: sender.replyTo } : {}),
  };
}

/** The address part of MAIL_FROM ("Gutscheinshop <shop@localhost>" → shop@localhost). */
export function addressOf(from: string): string {
  const address = (/<([^<>\s]+)>\s*$/.exec(from)?.[1] ?? from).trim();
  if (!/^[^@\s]+@[^@\s]+$/.test(address)) throw new Error(`MAIL_FROM has no address: ${from}`);
  return address;
}

/**
 * SMTP when SMTP_URL is set; otherwise every mail is written as an .eml file to `outboxDir`, which any
 * mail program opens: the shop works offline and nothing it would have sent is lost.
 */
export function createMailTransport(options: {
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
}): MailTransport {
  const defaultAddress = addressOf(options.from);
  if (options.smtpUrl) {
    // Transport options beside the URL (a second argument would be message defaults, where the
    // timeouts do nothing).
    const smtp = nodemailer.createTransport({
      url: options.smtpUrl,
      // A few connections kept open and reused: mail jobs run several at a time, and a backlog after
      // the mail server was down should not open one connection per mail.
      pool: true,
      maxConnections: 5,
      maxMessages: 100,
      // A mail server that hangs must not hold a job for the whole expiry.
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    } as never);
    const url = new URL(options.smtpUrl);
    return {
      target: `${url.protocol}//${url.host}`,
      async send(mail) {
        await smtp.sendMail(messageOf(mail, defaultAddress));
      },
      close: () => smtp.close(),
    };
  }
  return {
    target: options.outboxDir,
    async send(mail) {
      await mkdir(options.outboxDir, { recursive: true });
      const message = await new MailComposer(messageOf(mail, defaultAddress)).compile().build();
      const name = `${mail.messageId.replace(/[^A-Za-z0-9.-]/g, '_')}.eml`;
      // Written whole or not at all: a reader never sees half a mail, and a resend replaces the file.
      const partial = path.join(options.outboxDir, `.${name}.partial`);
      await writeFile(partial, message);
      await rename(partial, path.join(options.outboxDir, name));
    },
    close: () => {},
  };
}

/**
 * Said at start when mails would stay on the machine that sent them: without SMTP_URL each process
 * writes its mails to its own DATA_DIR/outbox, which on a database server (several machines, or one
 * that may become several) nobody reads.
 */
export function localOutboxWarning(config: {
  mail: { smtpUrl: string | undefined };
  databaseUrl: string | undefined;
}) {
  if (config.mail.smtpUrl || !config.databaseUrl) return null;
  return (
    'SMTP_URL is not set: mails are written to DATA_DIR/outbox on whichever machine sends each, and ' +
    'delivered to nobody; set SMTP_URL on every web process and worker'
  );
}
