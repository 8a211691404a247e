import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { leafRoutes, ROUTES } from '../../permissions/routes';
import { selectedMenu } from '../../src/layout/selectedMenu';
import { buildMenu } from '../../src/routing/menu';
import { renderSider } from './render-sider';
import { server } from './setup';

/**
 * The sidebar's highlight: a page highlights its own entry; a hidden route (the filing form, a complaint's pages)
 * highlights the entry its `menuParent` names in permissions/routes.ts, and opens that entry's group.
 */
const everyScreen = () => true;
const menuOf = (roles: string[]) => buildMenu(roles, [], everyScreen, ROUTES);

describe('which sidebar entry a page highlights', () => {
  it('a page in the menu: its own entry and group, in any letter case', () => {
    expect(selectedMenu(menuOf(['servicer']), '/statisticalStatement')).toEqual({ key: 'statisticalStatement', group: 'complaints' });
    expect(selectedMenu(menuOf(['customer']), '/customercomplaintlist')).toEqual({ key: 'customerComplaintList', group: 'complaints' });
    expect(selectedMenu(menuOf(['customer']), '/dashboard')).toEqual({ key: 'dashboard' });
  });

  it.each(['/createComplaint', '/attachmentDetails', '/customerComplaintList/attachmentDetails'])(
    '%s highlights Complaints (its menuParent)',
    (path) => {
      expect(selectedMenu(menuOf(['customer']), path)).toEqual({ key: 'customerComplaintList', group: 'complaints' });
    },
  );

  it('every menuParent names a route that is in the menu, of the same group', () => {
    const groups = new Map(ROUTES.flatMap((group) => (group.children ?? []).map((child) => [child.key, group.key] as const)));
    const withParent = leafRoutes().filter((route) => route.menuParent);
    expect(withParent.length).toBeGreaterThan(0);
    for (const route of withParent) {
      const parent = leafRoutes().find((r) => r.key === route.menuParent);
      expect(parent, route.key).toBeDefined();
      expect(parent!.hidden, route.key).toBeFalsy();
      expect(groups.get(parent!.key), route.key).toBe(groups.get(route.key));
    }
  });

  it('nothing when the parent is not in the user’s menu, or the path is no route', () => {
    const withoutList = menuOf(['customer']).map((e) => ({ ...e, children: e.children?.filter((c) => c.key !== 'customerComplaintList') }));
    expect(selectedMenu(withoutList, '/createComplaint')).toEqual({});
    expect(selectedMenu(menuOf(['customer']), '/nowhere')).toEqual({});
  });
});

describe('the sidebar on a complaint page', { timeout: 20_000 }, () => {
  it.each(['/createComplaint', '/customerComplaintList/attachmentDetails'])(
    '%s: Complaints is highlighted, its group open',
    async (path) => {
      server.use(http.get('/api/Menu/GetMenuOverrides', () => HttpResponse.json({ code: 200, info: 'Success', data: {} })));
      const { container } = renderSider(['customer'], { username: 'customer' }, `${path}?customercomplaintId=3`);
      const nav = within(screen.getByRole('navigation'));
      const selected = container.querySelectorAll('.ant-menu-item-selected');
      expect(selected).toHaveLength(1);
      expect(selected[0]).toHaveTextContent(nav.getByRole('link', { name: /^Complaints$/ }).textContent!);
      expect(container.querySelector('.ant-menu-submenu-open')).toHaveTextContent('Complaints');
    },
  );
});
