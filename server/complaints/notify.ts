import type { WorkflowHook } from '../core/crud/workflow';
import type { Database } from '../core/db';
import { actorOf } from '../core/http/request-actor';
import { queueMails, type QueuedMail } from '../core/mail/outbox';
import { transitionMails } from './mail';

/**
 * Complaint mails are queued in the transaction of the step that causes them (so none goes out for a step that rolled
 * back) and sent once the call has answered, its transaction committed (complaints/routes.ts asks queuedMailsFor).
 * A call is known by the request its hook holds: an object, nothing of it is read here.
 */
const queuedBy = new WeakSet<object>();

/** Queues `mails` in the transaction of `call`; they go out after its answer. */
export async function queueComplaintMails(db: Database, call: object, mails: QueuedMail[], now: Date): Promise<void> {
  if (mails.length === 0) return;
  await queueMails(db, mails, now);
  queuedBy.add(call);
}

/** Whether `call` queued mails to send once it answered. */
export const queuedMailsFor = (call: object): boolean => queuedBy.has(call);

/** After every complaint transition: an acceptance, a rejection, a transfer, a proposed solution and a completion mail whoever acts next. */
export const mailNextActor: WorkflowHook = async ({ db, now, transition, record, request }) => {
  const mails = await transitionMails(db, transition.action, record, actorOf(request).username, request.server.mailer.portalUrl);
  await queueComplaintMails(db, request, mails, now);
};
