import type { FastifyPluginAsync } from 'fastify';
import { profileCalls as calls } from '../../../resources/profile-calls';
import type { AppDeps } from '../../config';
import { registerEndpoint } from '../../core/http/endpoint';
import { profileOf, saveProfile } from './service';

/** userInfoSettings: every role reads and edits their own profile. */
export const userInfoRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps: { db, clock } }) => {
  await registerEndpoint(app, calls.one, (actor) => profileOf(db, actor.id));
  await registerEndpoint(app, calls.save, (actor, body) => saveProfile(db, actor, body, clock()));
};
