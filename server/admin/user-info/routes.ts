import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { userInfoSettings } from '../../../resources/userInfoSettings';
import { formFields } from '../../../resources/types';
import { profileAnswer } from '../../../contract/admin/profile';
import type { AppDeps } from '../../config';
import { envelopeOf, ok } from '../../core/http/envelope';
import { declaredFieldsBody } from '../../core/http/validation';
import { ProfileService } from './service';

const tags = ['userInfoSettings'];
/** The profile form's fields (14: e-mail format, the declaration's code). */
const profileBody = declaredFieldsBody(userInfoSettings.fields, formFields(userInfoSettings, 'edit'));

/** userInfoSettings: every role reads and edits their own profile. */
export function registerUserInfo(fastify: FastifyInstance, deps: AppDeps): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = new ProfileService(deps.db, deps.clock);

  app.post(userInfoSettings.endpoints.one!, {
    config: { permission: { subject: 'profile', action: 'read' } },
    schema: { tags, summary: "The caller's own profile", response: { 200: envelopeOf(profileAnswer) } },
    handler: async (request) => ok(await service.profile(request.user.id)),
  });

  app.post(userInfoSettings.endpoints.save!, {
    config: { permission: { subject: 'profile', action: 'read' } },
    schema: { tags, summary: "Save the caller's own profile", body: profileBody, response: { 200: envelopeOf(profileAnswer) } },
    handler: async (request) => ok(await service.save(request, request.body)),
  });
}
