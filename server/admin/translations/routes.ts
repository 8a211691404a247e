import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as c from '../../../contract/admin/translations';
import type { AppDeps } from '../../config';
import { envelopeOf, ok } from '../../core/http/envelope';
import { TranslationService } from './service';

const tags = ['langTransManagement'];

/** langTransManagement's calls (55: the language is missing or not one of en, zh, de, ja). */
export function registerTranslations(fastify: FastifyInstance, deps: AppDeps): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = new TranslationService(deps.db, deps.clock);

  app.get('/Translation/GetOverrides', {
    config: { public: true },
    schema: {
      tags,
      summary: 'The translation overrides of one language: { namespace: { key: text } }',
      security: [],
      querystring: c.translationOverridesQuery,
      response: { 200: envelopeOf(c.translationOverridesAnswer) },
    },
    handler: async (request) => ok(await service.overrides(request.query.lng)),
  });

  app.post('/Translation/GetTranslationPageList', {
    config: { permission: { subject: 'translation', action: 'read' } },
    schema: {
      tags,
      summary: 'Every translation key with its text in the four languages (paged, filters namespace, key, text)',
      body: c.translationListBody,
      response: { 200: envelopeOf(c.translationListAnswer) },
    },
    handler: async (request) => ok(await service.list(request.body)),
  });

  app.post('/Translation/SaveTranslation', {
    config: { permission: { subject: 'translation', action: 'update' } },
    schema: {
      tags,
      summary: 'Set the text of a key in one language (takes effect at the next page load)',
      body: c.translationTextBody,
      response: { 200: envelopeOf(c.translationTextAnswer) },
    },
    handler: async (request) => ok(await service.save(request, request.body)),
  });

  app.post('/Translation/AddTranslation', {
    config: { permission: { subject: 'translation', action: 'create' } },
    schema: {
      tags,
      summary: 'Add a new key in one language (40: it exists)',
      body: c.translationTextBody,
      response: { 200: envelopeOf(c.translationTextAnswer) },
    },
    handler: async (request) => ok(await service.add(request, request.body)),
  });

  app.post('/Translation/ResetTranslation', {
    config: { permission: { subject: 'translation', action: 'delete' } },
    schema: {
      tags,
      summary: 'Remove the override of a key in one language',
      body: c.resetTranslationBody,
      response: { 200: envelopeOf(z.null()) },
    },
    handler: async (request) => {
      await service.reset(request, request.body);
      return ok(null);
    },
  });
}
