import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as s from '../../../contract/complaints';
import { complaintNewsCalls as calls, messageFilePaths } from '../../../contract/complaints-calls';
import type { AppDeps } from '../../config';
import { registerEndpoint } from '../../core/http/endpoint';
import { actorOf } from '../../core/http/request-actor';
import { sendUploadedFile } from '../../core/uploads/send';
import { addMessage, complaintMessagesOf, messageDetailOf, messageFile, unreadMessages } from './service/messages';
import { urgeComplaint } from './service/urge';

/**
 * The complaint calls beyond the generated ones (spec §7 'Messages and complaint messages', DESIGN §9): a complaint's
 * messages, comment and reply, the unread messages of the top bar with their details and files, and urge. Each call
 * is an object of contract/complaints-calls.ts but the files': they answer an upload as it was sniffed (images and PDFs
 * inline, with their size and no caching), which a download endpoint does not say yet.
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

  for (const path of Object.values(messageFilePaths)) {
    app.withTypeProvider<ZodTypeProvider>().post(path, {
      config: { permission: { subject: 'complaint', action: 'read' } },
      schema: {
        tags: ['Complaints'],
        summary: "A complaint message's file by its name (id = the message); its bytes, as an attachment",
        body: s.messageFileBody,
      },
      handler: async (request, reply) => {
        const { id, attachment_name } = request.body;
        return sendUploadedFile(reply, app.storage, await messageFile(db, actorOf(request), id, attachment_name, clock()));
      },
    });
  }
};
