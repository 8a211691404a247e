import type { FastifyPluginAsync } from 'fastify';
import { complaintNewsCalls as calls, messageFileCalls } from '../../../contract/complaints-calls';
import type { AppDeps } from '../../config';
import { registerEndpoint } from '../../core/http/endpoint';
import { uploadedFile } from '../../core/uploads/send';
import { addMessage, complaintMessagesOf, messageDetailOf, messageFile, unreadMessages } from './service/messages';
import { urgeComplaint } from './service/urge';

/**
 * The complaint calls beyond the generated ones (spec §7 'Messages and complaint messages', DESIGN §9): a complaint's
 * messages, comment and reply, the unread messages of the top bar with their details and files, and urge (each an
 * object of contract/complaints-calls.ts).
 */
export const complaintNewsRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db, clock } = deps;
  const writing = () => ({ now: clock(), portalUrl: app.mailer.portalUrl });
  /** The mails a message or an urge queued go out once it is written. */
  const mailing = async <T>(answer: Promise<T>) => {
    const written = await answer;
    app.mailer.sendQueued();
    return written;
  };

  await registerEndpoint(app, calls.messages, (actor, { id }) => complaintMessagesOf(db, actor, id, clock()));
  await registerEndpoint(app, calls.comment, (actor, body) => mailing(addMessage(db, actor, 'comment', body, writing())));
  await registerEndpoint(app, calls.reply, (actor, body) => mailing(addMessage(db, actor, 'reply', body, writing())));
  await registerEndpoint(app, calls.unread, (actor, body) => unreadMessages(db, actor, body, clock()));
  await registerEndpoint(app, calls.commentDetail, (actor, body) => messageDetailOf(db, actor, body.comment_id, clock()));
  await registerEndpoint(app, calls.replyDetail, (actor, body) => messageDetailOf(db, actor, body.additionalinfo_id, clock()));
  await registerEndpoint(app, calls.urge, (actor, { id }) => mailing(urgeComplaint(db, actor, id, writing())));

  for (const call of Object.values(messageFileCalls)) {
    await registerEndpoint(app, call, async (actor, { id, attachment_name }) =>
      uploadedFile(app.storage, await messageFile(db, actor, id, attachment_name, clock())),
    );
  }
};
