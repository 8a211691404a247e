import type { FastifyPluginAsync } from 'fastify';
import { messageCalls as calls } from '../../contract/messages-calls';
import type { AppDeps } from '../config';
import { registerEndpoint } from '../core/http/endpoint';
import { PUBLISH_MESSAGE_JOB, publishDueMessagesJob, publishMessageJob } from './jobs';
import { MessageService } from './service';

/**
 * Messages and notifications (spec §7 Messages; CONTRACT.md 'Messages'): the caller's notifications under
 * /Message (the top bar's bell, /Notifications), the public notices of the login page (no token), and the messages
 * staff write and publish under /InfoDistribution (infoDistributionSys). Each call is an object of
 * contract/messages-calls.ts; a line here says which service answers it.
 */
export const messageRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const service = new MessageService(deps);
  app.jobs.declare(publishMessageJob, publishDueMessagesJob);

  await registerEndpoint(app, calls.unread, (actor, body) => service.unread(actor, body));
  await registerEndpoint(app, calls.mine, (actor, body) => service.list(actor, body));
  await registerEndpoint(app, calls.one, (actor, { id, language }) => service.one(actor, id, language));
  await registerEndpoint(app, calls.mark, (actor, body) => service.mark(actor, body));
  await registerEndpoint(app, calls.removeMine, (actor, { ids }) => service.remove(actor, ids));
  await registerEndpoint(app, calls.notices, (caller, body) => service.notices(caller, body?.language));

  await registerEndpoint(app, calls.list, (actor, body) => service.messageList(actor, body));
  await registerEndpoint(app, calls.get, (actor, { id }) => service.message(actor, id));
  await registerEndpoint(app, calls.save, async (actor, body) => {
    const saved = await service.save(actor, body);
    if (saved.status === 'scheduled' && saved.publishAt) {
      const seconds = Math.max(0, Math.ceil((saved.publishAt.getTime() - deps.clock().getTime()) / 1000));
      await app.jobs.send(PUBLISH_MESSAGE_JOB, { id: saved.id }, { startAfterSeconds: seconds });
    }
    if (saved.status === 'published') app.mailer.sendQueued();
    return service.message(actor, saved.id);
  });
  await registerEndpoint(app, calls.withdraw, async (actor, { id }) => {
    await service.withdraw(actor, id);
    return null;
  });
  await registerEndpoint(app, calls.recall, (actor, { id }) => service.recall(actor, id));
  await registerEndpoint(app, calls.remove, async (actor, { id }) => {
    await service.removeMessage(actor, id);
    return null;
  });
  await registerEndpoint(app, calls.previewAudience, (_actor, { audience }) => service.preview(audience));
  await registerEndpoint(app, calls.audienceOptions, () => service.options());
  await registerEndpoint(app, calls.searchUsers, (_actor, { keyword }) => service.searchUsers(keyword));
};
