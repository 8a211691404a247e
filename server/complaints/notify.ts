import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WorkflowHook } from '../core/crud/workflow';
import type { Database } from '../core/db';
import { queueMails, type QueuedMail } from '../core/mail/outbox';
import { transitionMails } from './mail';

/**
 * Complaint mails are queued in the transaction of the step that causes them (so none goes out for a step that rolled
 * back) and sent once the call has answered, its transaction committed.
 */
const queuedBy = new WeakSet<FastifyRequest>();

/** Queues `mails` in the caller's transaction; they go out after the answer (sendQueuedMailsAfterAnswer). */
export async function queueComplaintMails(db: Database, request: FastifyRequest, mails: QueuedMail[], now: Date): Promise<void> {
  if (mails.length === 0) return;
  await queueMails(db, mails, now);
  queuedBy.add(request);
}

/** Registers, for the calls of `app`, the sending of what they queued once they answered. */
export function sendQueuedMailsAfterAnswer(app: FastifyInstance): void {
  app.addHook('onResponse', async (request) => {
    if (queuedBy.has(request)) request.server.mailer.sendQueued();
  });
}

/** After every complaint transition: an acceptance, a rejection, a transfer, a proposed solution and a completion mail whoever acts next. */
export const mailNextActor: WorkflowHook = async ({ db, now, transition, record, request }) => {
  const mails = await transitionMails(db, transition.action, record, request.user.username, request.server.mailer.portalUrl);
  await queueComplaintMails(db, request, mails, now);
};
