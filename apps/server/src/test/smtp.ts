import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { to: string; raw: string };

/**
 * A local SMTP server that keeps every mail it accepts (raw, as a buyer's mailbox would get it), and
 * can be stopped and started again on the same port to play a mail server that is down.
 */
export async function startSmtpServer(port = 0) {
  const received: ReceivedMail[] = [];
  let server: SMTPServer;
  const listen = (onPort: number) => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      // A server that goes down drops its open connections at once (the default waits 30 s for them).
      closeTimeout: 100,
      onData(stream, session, callback) {
        let raw = '';
        stream.setEncoding('utf8');
        stream.on('data', (chunk: string) => {
          raw += chunk;
        });
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((to) => to.address).join(','), raw });
          callback();
        });
      },
    });
    return new Promise<number>((resolve) =>
      server.listen(onPort, '127.0.0.1', () => resolve((server.server.address() as AddressInfo).port)),
    );
  };
  const boundPort = await listen(port);
  return {
    received,
    url: `smtp://127.0.0.1:${boundPort}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
    restart: () => listen(boundPort),
  };
}

/** A mail's text with quoted-printable soft line breaks and escapes undone, so that it can be searched. */
export const decodedMail = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
