import { declareJob } from '../core/jobs/declaration';
import { createMailer } from '../core/mail/mailer';
import { dueMessageIds, publishIn } from './service';

/**
 * A scheduled message's publication (DESIGN §11): one job per scheduled message, sent when it is saved
 * with its time as the job's start (`startAfterSeconds`), kept in the database so it survives a restart. The
 * publication claims the message in the statement that marks it published, so a second run (another process, a
 * retry, a rescheduled message's earlier job) publishes nothing; a withdrawn or rescheduled-later message is left.
 */
export const PUBLISH_MESSAGE_JOB = 'messages.publish';

export const publishMessageJob = declareJob({
  name: PUBLISH_MESSAGE_JOB,
  concurrency: 'every send',
  retryLimit: 5,
  retryDelaySeconds: 30,
  async run(context) {
    const id = Number(context.data.id);
    if (!Number.isSafeInteger(id) || id < 1) throw new Error(`a message id is needed, not ${JSON.stringify(context.data.id)}`);
    const published = await context.db.transaction((tx) =>
      publishIn(tx, id, context.clock(), context.config.portalUrl, { from: ['scheduled'], due: true }),
    );
    if (published) {
      context.log.info({ id }, 'message published');
      await createMailer(context, context.log).deliver();
    }
  },
});

/**
 * Every minute: the scheduled messages whose time has passed and that no job published (its job failed every
 * attempt, or was sent before a clock change) are published now.
 */
export const publishDueMessagesJob = declareJob({
  name: 'messages.publish-due',
  cron: '* * * * *',
  retryLimit: 0,
  async run(context) {
    let any = false;
    for (const id of await dueMessageIds(context.db, context.clock())) {
      const published = await context.db.transaction((tx) =>
        publishIn(tx, id, context.clock(), context.config.portalUrl, { from: ['scheduled'], due: true }),
      );
      any ||= published;
    }
    if (any) await createMailer(context, context.log).deliver();
  },
});
