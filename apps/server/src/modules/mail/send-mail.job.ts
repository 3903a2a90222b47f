import type { Database } from '#src/db/client.ts';
import type { JobDefinition } from '#src/modules/jobs/job-queue.ts';
import { countFailedAttempt, findMail, type MailRow, markMailSent, sendMailJob } from './mail-outbox.ts';
import type { MailTransport, OutgoingMail } from './mail-transport.ts';

/**
 * Sends one outbox mail. A mail already sent is skipped, so a job handed out again (its process died
 * after sending but before completing the job) does not send it twice; the window left is the moment
 * between the mail server's acceptance and the row's update.
 */
export function sendMailJobDefinition(deps: {
  db: Database;
  transport: MailTransport;
  compose(mail: MailRow): Promise<OutgoingMail | null>;
}): JobDefinition<{ mailId: number }> {
  return {
    name: sendMailJob,
    // With backoff from 10 s, 12 retries span about 11 hours: a mail server down overnight still gets them.
    retryLimit: 12,
    retryDelaySeconds: 10,
    expireInSeconds: 120,
    // Mails wait on the mail server, not on this process: a backlog after an outage drains at dozens a
    // second (bench/mail-backlog.bench.ts), through the transport's few pooled connections.
    concurrency: 50,
    async run({ mailId }) {
      const mail = await findMail(deps.db, mailId);
      if (!mail || mail.status === 'sent') return;
      const outgoing = await deps.compose(mail);
      // Nothing to send (no e-mail address on the order): done, not failed.
      if (!outgoing) return;
      try {
        await deps.transport.send(outgoing);
      } catch (error) {
        await countFailedAttempt(deps.db, mailId).catch(() => {});
        throw error;
      }
      await markMailSent(deps.db, mailId, outgoing.messageId);
    },
  };
}
