import type { FastifyPluginAsync } from 'fastify';
import { messageCalls as calls } from '../../contract/messages-calls';
import type { AppDeps } from '../config';
import { registerEndpoint } from '../core/http/endpoint';
import { PUBLISH_MESSAGE_JOB, publishDueMessagesJob, publishMessageJob } from './jobs';
import {
  audienceOptions,
  deleteMessage,
  deleteNotifications,
  getMessage,
  getNotification,
  listMessages,
  listNotifications,
  markNotifications,
  previewAudience,
  publicNotices,
  recallMessage,
  saveMessage,
  searchUsers,
  unreadNotifications,
  withdrawMessage,
} from './service';

/**
 * Messages and notifications (spec §7 Messages; CONTRACT.md 'Messages'): the caller's notifications under
 * /Message (the top bar's bell, /Notifications), the public notices of the login page (no token), and the messages
 * staff write and publish under /InfoDistribution (infoDistributionSys). Each call is an object of
 * contract/messages-calls.ts; a line here says which service answers it.
 */
export const messageRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db, clock } = deps;
  app.jobs.declare(publishMessageJob, publishDueMessagesJob);

  await registerEndpoint(app, calls.unread, (actor, body) => unreadNotifications(db, actor, body));
  await registerEndpoint(app, calls.mine, (actor, body) => listNotifications(db, actor, body));
  await registerEndpoint(app, calls.one, (actor, { id, language }) => getNotification(db, actor, id, language));
  await registerEndpoint(app, calls.mark, (actor, body) => markNotifications(db, actor, body, clock()));
  await registerEndpoint(app, calls.removeMine, (actor, { ids }) => deleteNotifications(db, actor, ids, clock()));
  await registerEndpoint(app, calls.notices, (caller, body) => publicNotices(db, caller, body?.language, clock()));

  await registerEndpoint(app, calls.list, (actor, body) => listMessages(db, actor, body));
  await registerEndpoint(app, calls.get, (actor, { id }) => getMessage(db, actor, id));
  await registerEndpoint(app, calls.save, async (actor, body) => {
    const saved = await saveMessage(db, actor, body, clock(), deps.config.portalUrl);
    if (saved.status === 'scheduled' && saved.publishAt) {
      const seconds = Math.max(0, Math.ceil((saved.publishAt.getTime() - clock().getTime()) / 1000));
      await app.jobs.send(PUBLISH_MESSAGE_JOB, { id: saved.id }, { startAfterSeconds: seconds });
    }
    if (saved.status === 'published') app.mailer.sendQueued();
    return getMessage(db, actor, saved.id);
  });
  await registerEndpoint(app, calls.withdraw, async (actor, { id }) => {
    await withdrawMessage(db, actor, id, clock());
    return null;
  });
  await registerEndpoint(app, calls.recall, (actor, { id }) => recallMessage(db, actor, id, clock()));
  await registerEndpoint(app, calls.remove, async (actor, { id }) => {
    await deleteMessage(db, actor, id, clock());
    return null;
  });
  await registerEndpoint(app, calls.previewAudience, (_actor, { audience }) => previewAudience(db, audience));
  await registerEndpoint(app, calls.audienceOptions, () => audienceOptions(db));
  await registerEndpoint(app, calls.searchUsers, (_actor, { keyword }) => searchUsers(db, keyword));
};
