import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as s from '../../contract/complaints';
import type { AppDeps } from '../config';
import type { CrudService } from '../core/crud/factory';
import { envelopeOf, ok } from '../core/http/envelope';
import { sendUploadedFile } from '../core/uploads/send';
import { ComplaintMessages } from './messages';
import { urgeComplaint } from './urge';

/**
 * The complaint calls beyond the generated ones (spec §7 'Messages and complaint messages', DESIGN §9): a complaint's
 * messages, comment and reply, the unread messages of the top bar with their details and files, and urge. Bodies and
 * answers: contract/complaints.ts. Every call reaches a complaint through its row scope: 45 outside it.
 */
export function registerComplaintMessageCalls(fastify: FastifyInstance, deps: AppDeps, complaints: CrudService): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const messages = new ComplaintMessages(deps, complaints, () => fastify.mailer.portalUrl);
  const read = { permission: { subject: 'complaint', action: 'read' } } as const;
  const write = { permission: { subject: 'complaint', action: 'update' } } as const;
  const tags = ['Complaints'];

  app.post('/Complaints/GetComplaintMessages', {
    config: read,
    schema: {
      tags,
      summary: "A complaint's comments and replies with their files, oldest first; the caller has read them afterwards",
      body: s.complaintIdBody,
      response: { 200: envelopeOf(s.complaintMessagesAnswer) },
    },
    handler: async (request) => ok(await messages.ofComplaint(request, request.body.id)),
  });

  app.post('/Complaints/CommentComplaint', {
    config: write,
    schema: {
      tags,
      summary: 'Comment on a complaint (either side) with up to 3 files uploaded by /Complaints/UploadComplaintFile; mails the other side',
      body: s.commentBody,
      response: { 200: envelopeOf(s.complaintMessage) },
    },
    handler: async (request) => {
      const answer = await messages.add(request, 'comment', request.body);
      fastify.mailer.sendQueued();
      return ok(answer);
    },
  });

  app.post('/ComplaintsProcessing/ReplyComplaintsComment', {
    config: write,
    schema: {
      tags,
      summary: 'Reply to a message of a complaint (spec §3 Reply payload: id = complaint, commentId = the message); mails the other side',
      body: s.replyBody,
      response: { 200: envelopeOf(s.complaintMessage) },
    },
    handler: async (request) => {
      const answer = await messages.add(request, 'reply', request.body);
      fastify.mailer.sendQueued();
      return ok(answer);
    },
  });

  app.post('/ComplaintsNews/QueryAllUnreadNews', {
    config: read,
    schema: {
      tags,
      summary: "The caller's unread complaint messages, newest first (data.data, data.dataCount; page size 5)",
      body: s.unreadNewsBody,
      response: { 200: envelopeOf(s.unreadNewsAnswer) },
    },
    handler: async (request) => ok(await messages.unread(request, request.body)),
  });

  app.post('/ComplaintsNews/GetCommentDetail', {
    config: read,
    schema: {
      tags,
      summary: 'One complaint message (spec §3 Message detail); marks it read',
      body: s.commentDetailBody,
      response: { 200: envelopeOf(s.messageDetail) },
    },
    handler: async (request) => ok(await messages.detail(request, request.body.comment_id)),
  });

  app.post('/ComplaintsNews/GetAdditionalInfoDetail', {
    config: read,
    schema: {
      tags,
      summary: 'One complaint message, a reply (spec §3 Message detail with the message it answers); marks it read',
      body: s.additionalInfoDetailBody,
      response: { 200: envelopeOf(s.messageDetail) },
    },
    handler: async (request) => ok(await messages.detail(request, request.body.additionalinfo_id)),
  });

  for (const path of ['/ComplaintsNews/DownCommentFile', '/ComplaintsNews/DownAdditionalFile']) {
    app.post(path, {
      config: read,
      schema: {
        tags,
        summary: "A complaint message's file by its name (id = the message); its bytes, as an attachment",
        body: s.messageFileBody,
      },
      handler: async (request, reply) =>
        sendUploadedFile(reply, fastify.storage, await messages.file(request, request.body.id, request.body.attachment_name)),
    });
  }

  app.post('/Complaints/UrgeComplaint', {
    config: write,
    schema: {
      tags,
      summary: 'Urge the handler (customer side; open or paused complaints): once an hour per complaint (15), 5 a day per user (16)',
      body: s.complaintIdBody,
      response: { 200: envelopeOf(s.urgeAnswer) },
    },
    handler: async (request) => {
      const answer = await urgeComplaint(deps, complaints, request, request.body.id, fastify.mailer.portalUrl);
      fastify.mailer.sendQueued();
      return ok(answer);
    },
  });
}
