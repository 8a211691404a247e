import { declareJob } from '../jobs/declaration';
import { createMailer } from './mailer';

/**
 * Every minute: the mails that failed (retried with growing waits, outbox.ts) or waited for a mail server go
 * out when due. New mails are sent at once by the call that queued them; this is the safety net that used to
 * be a timer in each server process, now one run across all of them (DESIGN §11).
 */
export const deliverDueMailsJob = declareJob({
  name: 'mail.deliver-due',
  cron: '* * * * *',
  // The next minute's run is the retry.
  retryLimit: 0,
  async run(context) {
    const { sent, failed } = await createMailer(context, context.log).deliver();
    if (sent > 0 || failed > 0) context.log.info({ sent, failed }, 'due mails delivered');
  },
});
