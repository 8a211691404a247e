import type { FastifyPluginAsync } from 'fastify';
import { productSuggestions } from '../../resources/productSuggestions';
import type { AppDeps } from '../config';
import { registerResources } from '../core/crud/register';
import { suggestionHooks } from './service';

/**
 * Product suggestions: the calls generated from the declaration, `/ProductSuggestion/<Verb>
 * ProductSuggestion`: list (filters and keyword), one, save, delete, the file upload and download, one call per
 * workflow action (review, accept, reject, implement) and the history; the rules of service.ts as hooks.
 */
export const suggestionRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  await registerResources(app, deps, { resources: [productSuggestions], hooks: { [productSuggestions.name]: suggestionHooks } });
};
