import type { WorkflowHook } from '../core/crud/workflow';
import type { Database } from '../core/db';
import { queueMails, type QueuedMail } from '../core/mail/outbox';
import type { Mailer } from '../core/mail/mailer';
import { transitionMails } from './mail';

/** What complaint mails need of the app's mailer: the portal's address for their links, and the sending. */
export type ComplaintMailer = Pick<Mailer, 'portalUrl' | 'sendQueued'>;

/**
 * Queues `mails` in the transaction of the step that causes them, so none goes out for a step that rolled back, and
 * sends them once that transaction has committed.
 */
export async function queueComplaintMails(
  step: { db: Database; now: Date; afterCommit(work: () => void): void },
  mailer: ComplaintMailer,
  mails: QueuedMail[],
): Promise<void> {
  if (mails.length === 0) return;
  await queueMails(step.db, mails, step.now);
  step.afterCommit(() => mailer.sendQueued());
}

/** After every complaint transition: an acceptance, a rejection, a transfer, a proposed solution and a completion mail whoever acts next. */
export const mailNextActor =
  (mailer: ComplaintMailer): WorkflowHook =>
  async (step) => {
    const mails = await transitionMails(step.db, step.transition.action, step.record, step.actor.username, mailer.portalUrl);
    await queueComplaintMails(step, mailer, mails);
  };
