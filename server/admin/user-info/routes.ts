import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { userInfoSettings } from '../../../resources/userInfoSettings';
import { formFields } from '../../../resources/types';
import { profileAnswer } from '../../../contract/admin/profile';
import type { AppDeps } from '../../config';
import { envelopeOf, ok } from '../../core/http/envelope';
import { actorOf } from '../../core/http/request-actor';
import { declaredFieldsBody } from '../../core/http/validation';
import { profileOf, saveProfile } from './service';

const tags = ['userInfoSettings'];
/** The profile form's fields (14: e-mail format, the declaration's code). */
const profileBody = declaredFieldsBody(userInfoSettings.fields, formFields(userInfoSettings, 'edit'));

/**
 * userInfoSettings: every role reads and edits their own profile. Registered by hand until a declaration's calls are
 * endpoint objects: their paths and the save's body are the declaration's (resources/userInfoSettings.ts).
 */
export const userInfoRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (fastify, { deps: { db, clock } }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(userInfoSettings.endpoints.one!, {
    config: { permission: { subject: 'profile', action: 'read' } },
    schema: { tags, summary: "The caller's own profile", response: { 200: envelopeOf(profileAnswer) } },
    handler: async (request) => ok(await profileOf(db, request.user.id)),
  });

  app.post(userInfoSettings.endpoints.save!, {
    config: { permission: { subject: 'profile', action: 'read' } },
    schema: { tags, summary: "Save the caller's own profile", body: profileBody, response: { 200: envelopeOf(profileAnswer) } },
    handler: async (request) => ok(await saveProfile(db, actorOf(request), request.body, clock())),
  });
};
