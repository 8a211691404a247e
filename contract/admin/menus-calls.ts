import { defineEndpoint, schemasFrom } from '../endpoint';

/**
 * menuManagement's own call beside its generated ones (resources/menuManagement.ts), registered by
 * server/admin/menus/routes.ts and read by src/routing/useMenuOverrides.ts. Its schemas are in contract/admin/menus.ts.
 */

const schemasOf = schemasFrom(() => import('./menus'));

export const menuCalls = {
  // Every logged-in user's web app reads this at start to shape the sidebar; access stays with the role table.
  overrides: defineEndpoint({
    path: '/Menu/GetMenuOverrides',
    method: 'GET',
    tag: 'menuManagement',
    permission: { subject: 'navigation', action: 'read' },
    summary: 'The menu tree as overrides of the route table: { [menuKey]: { title?: { en, zh, de, ja }, order, icon?, hidden } }',
    schemas: schemasOf((s) => ({ body: s.menuOverridesQuery, answer: s.menuOverridesAnswer })),
  }),
};
