import type { FastifyPluginAsync } from 'fastify';
import { translationCalls as calls } from '../../../contract/admin/translations-calls';
import type { AppDeps } from '../../config';
import { registerEndpoint } from '../../core/http/endpoint';
import { addTranslation, resetTranslation, saveTranslation, translationList, translationOverrides } from './service';

/** langTransManagement's calls (contract/admin/translations-calls.ts; 55: the language is missing or not one of en, zh, de, ja). */
export const translationRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps: { db, clock } }) => {
  await registerEndpoint(app, calls.overrides, (_caller, { lng }) => translationOverrides(db, lng));
  await registerEndpoint(app, calls.list, (_actor, body) => translationList(db, body));
  await registerEndpoint(app, calls.save, (actor, body) => saveTranslation(db, actor, body, clock()));
  await registerEndpoint(app, calls.add, (actor, body) => addTranslation(db, actor, body, clock()));
  await registerEndpoint(app, calls.reset, (actor, body) => resetTranslation(db, actor, body, clock()));
};
