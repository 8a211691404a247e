import type { FastifyInstance } from 'fastify';
import { menuOverridesAnswer } from '../../../contract/admin/menus';
import type { AppDeps } from '../../config';
import { envelopeOf, ok } from '../../core/http/envelope';
import { menuOverrides } from './service';

/** menuManagement's own call beside the generated ones (resources/menuManagement.ts). */
export function registerMenus(app: FastifyInstance, deps: AppDeps): void {
  // Every logged-in user's web app reads this at start to shape the sidebar; access stays with the role table.
  app.get('/Menu/GetMenuOverrides', {
    config: { permission: { subject: 'navigation', action: 'read' } },
    schema: {
      tags: ['menuManagement'],
      summary: 'The menu tree as overrides of the route table: { [menuKey]: { title?: { en, zh, de, ja }, order, icon?, hidden } }',
      response: { 200: envelopeOf(menuOverridesAnswer) },
    },
    handler: async () => ok(await menuOverrides(deps.db)),
  });
}
