import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as s from '../../contract/messages';
import type { AppDeps } from '../config';
import { envelopeOf, ok } from '../core/http/envelope';
import { PUBLISH_MESSAGE_JOB, publishDueMessagesJob, publishMessageJob } from './jobs';
import { MessageService } from './service';

/**
 * Messages and notifications (spec §7 Messages; CONTRACT.md 'Messages'): the caller's notifications under
 * /Message (the top bar's bell, /Notifications), the public notices of the login page (no token), and the messages
 * staff write and publish under /InfoDistribution (infoDistributionSys).
 */
export const messageRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = new MessageService(deps);
  fastify.jobs.declare(publishMessageJob, publishDueMessagesJob);
  const own = (action: string) => ({ permission: { subject: 'notification', action } }) as const;
  const staff = (action: string | string[]) => ({ permission: { subject: 'infoDistribution', action } }) as const;
  const tags = ['Messages'];
  const done = envelopeOf(z.null());

  app.post('/Message/GetUnreadMyMsg', {
    config: own('read'),
    schema: {
      tags,
      summary: "The notifications call (spec §7, §9): the caller's unread notifications, newest first, in their language (data.data)",
      body: s.unreadBody,
      response: { 200: envelopeOf(s.notificationPage) },
    },
    handler: async (request) => ok(await service.unread(request, request.body)),
  });

  app.post('/Message/GetListMyMsg', {
    config: own('read'),
    schema: {
      tags,
      summary: "The caller's notifications, newest first; filters read / unread, words, publication days",
      body: s.myListBody,
      response: { 200: envelopeOf(s.notificationPage) },
    },
    handler: async (request) => ok(await service.list(request, request.body)),
  });

  app.post('/Message/GetQueryMyMsg', {
    config: own('read'),
    schema: {
      tags,
      summary: "One of the caller's notifications (45 for another's)",
      body: s.myOneBody,
      response: { 200: envelopeOf(s.notification) },
    },
    handler: async (request) => ok(await service.one(request, request.body.id, request.body.language)),
  });

  app.post('/Message/UpdateMyMsg', {
    config: own('update'),
    schema: {
      tags,
      summary: "Marks the caller's notifications read (read false: unread); ids, or all; answers how many changed",
      body: s.markBody,
      response: { 200: envelopeOf(s.countAnswer) },
    },
    handler: async (request) => ok(await service.mark(request, request.body)),
  });

  app.post('/Message/UserDelMyMsg', {
    config: own('delete'),
    schema: {
      tags,
      summary: 'Deletes notifications for the caller alone (45 when an id is not theirs; nothing changes)',
      body: s.deleteMineBody,
      response: { 200: envelopeOf(s.countAnswer) },
    },
    handler: async (request) => ok(await service.remove(request, request.body.ids)),
  });

  app.post('/Message/QueryMsgNotice', {
    config: { public: true },
    schema: {
      tags,
      summary: 'The public notices showing now (login page; no token), in the language asked for',
      body: s.noticeBody,
      response: { 200: envelopeOf(z.array(s.publicNotice)) },
    },
    handler: async (request) => ok(await service.notices(request, request.body?.language)),
  });

  app.post('/InfoDistribution/GetInfoDistributionPageList', {
    config: staff('read'),
    schema: {
      tags,
      summary: 'The messages written for distribution: drafts, scheduled, then published; with how many received and read',
      body: s.messageListBody,
      response: { 200: envelopeOf(s.distributedPage) },
    },
    handler: async (request) => ok(await service.messageList(request, request.body)),
  });

  app.post('/InfoDistribution/GetInfoDistribution', {
    config: staff('read'),
    schema: {
      tags,
      summary: 'One message with its texts and audience',
      body: s.messageIdBody,
      response: { 200: envelopeOf(s.distributedMessage) },
    },
    handler: async (request) => ok(await service.message(request, request.body.id)),
  });

  app.post('/InfoDistribution/SaveInfoDistribution', {
    config: staff(['create', 'update']),
    schema: {
      tags,
      summary: 'Saves a message (id: a draft or scheduled one) and keeps it as a draft, publishes it now, or schedules it (publishAt)',
      body: s.saveMessageBody,
      response: { 200: envelopeOf(s.distributedMessage) },
    },
    handler: async (request) => {
      const saved = await service.save(request, request.body);
      if (saved.status === 'scheduled' && saved.publishAt) {
        const seconds = Math.max(0, Math.ceil((saved.publishAt.getTime() - deps.clock().getTime()) / 1000));
        await fastify.jobs.send(PUBLISH_MESSAGE_JOB, { id: saved.id }, { startAfterSeconds: seconds });
      }
      if (saved.status === 'published') fastify.mailer.sendQueued();
      return ok(await service.message(request, saved.id));
    },
  });

  app.post('/InfoDistribution/WithdrawInfoDistribution', {
    config: staff('update'),
    schema: { tags, summary: 'A scheduled message goes back to draft (not published)', body: s.messageIdBody, response: { 200: done } },
    handler: async (request) => {
      await service.withdraw(request, request.body.id);
      return ok(null);
    },
  });

  app.post('/InfoDistribution/RecallInfoDistribution', {
    config: staff('update'),
    schema: {
      tags,
      summary:
        "Recalls a published message (gone from every reader's bell and list; its mails not yet sent are not sent) or cancels a scheduled one; its publisher or an admin (45 for another's). Answers how many unsent mails were dropped",
      body: s.messageIdBody,
      response: { 200: envelopeOf(s.countAnswer) },
    },
    handler: async (request) => ok(await service.recall(request, request.body.id)),
  });

  app.post('/InfoDistribution/DeleteInfoDistribution', {
    config: staff('delete'),
    schema: { tags, summary: 'Deletes a draft', body: s.messageIdBody, response: { 200: done } },
    handler: async (request) => {
      await service.removeMessage(request, request.body.id);
      return ok(null);
    },
  });

  app.post('/InfoDistribution/PreviewAudience', {
    config: staff('read'),
    schema: {
      tags,
      summary: 'How many users an audience reaches now, and the first ten',
      body: s.audienceBody,
      response: { 200: envelopeOf(s.audiencePreview) },
    },
    handler: async (request) => ok(await service.preview(request.body.audience)),
  });

  app.post('/InfoDistribution/GetAudienceOptions', {
    config: staff('read'),
    schema: {
      tags,
      summary: 'The system models and firmware versions of the fleet, for the audience',
      response: { 200: envelopeOf(s.audienceOptions) },
    },
    handler: async () => ok(await service.options()),
  });

  app.post('/InfoDistribution/SearchAudienceUsers', {
    config: staff('read'),
    schema: {
      tags,
      summary: 'Users by part of their name or e-mail (20), for the named users of an audience',
      body: s.userSearchBody,
      response: { 200: envelopeOf(s.audienceUsers) },
    },
    handler: async (request) => ok(await service.searchUsers(request.body.keyword)),
  });
};
