import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { withDeclaredRoutes } from '../../../permissions/declared-routes';
import { ROUTE_TABLE, ROUTES, type RouteNode } from '../../../permissions/routes';
import { RESOURCES } from '../../../resources';
import { defineResource, type ResourceDeclaration } from '../../../resources/types';

const TABLE: RouteNode[] = [
  { key: 'dashboard', path: '/dashboard', icon: 'home' },
  {
    key: 'BasicSettings',
    path: '/BasicSettings',
    icon: 'setting',
    children: [{ key: 'snManagement', path: '/BasicSettings/snManagement', roles: ['admin'] }],
  },
];
const declare = (over: Partial<Omit<ResourceDeclaration, 'fields'>>) =>
  defineResource({
    name: 'widgets',
    route: '/BasicSettings/widgets',
    group: 'BasicSettings',
    namespace: 'admin',
    endpoints: {},
    fields: () => ({ code: { schema: z.string() } }),
    ...over,
  });

describe('the route table with the declared resources folded in', () => {
  it('adds a new entity to its group with its roles and icon; a spec route keeps its roles and takes the icon', () => {
    const routes = withDeclaredRoutes(TABLE, [
      declare({ roles: ['servicer'], icon: 'tool' }),
      declare({ name: 'snManagement', route: '/BasicSettings/snManagement', icon: 'tool' }),
    ]);
    expect(routes[1]!.children).toEqual([
      { key: 'snManagement', path: '/BasicSettings/snManagement', roles: ['admin'], icon: 'tool' },
      { key: 'widgets', path: '/BasicSettings/widgets', roles: ['servicer'], icon: 'tool' },
    ]);
    // No group: the top level.
    expect(withDeclaredRoutes(TABLE, [declare({ group: undefined, route: '/widgets', roles: ['admin'] })]).at(-1)).toMatchObject({
      key: 'widgets',
      path: '/widgets',
    });
  });

  it("leaves out a part of another resource's screen (its subject is that resource)", () => {
    expect(withDeclaredRoutes(TABLE, [declare({ subject: 'snManagement' })])).toEqual(TABLE);
  });

  it('refuses a declaration that contradicts the table or lacks what a new route needs', () => {
    expect(() => withDeclaredRoutes(TABLE, [declare({})])).toThrow(/declares its roles/);
    expect(() => withDeclaredRoutes(TABLE, [declare({ roles: ['admin'], group: 'Nowhere' })])).toThrow(/no group/);
    expect(() => withDeclaredRoutes(TABLE, [declare({ name: 'snManagement', route: '/sn' })])).toThrow(/is not the route table's/);
    expect(() =>
      withDeclaredRoutes(TABLE, [declare({ name: 'snManagement', route: '/BasicSettings/snManagement', group: 'Other' })]),
    ).toThrow(/group/);
    expect(() =>
      withDeclaredRoutes(TABLE, [declare({ name: 'snManagement', route: '/BasicSettings/snManagement', roles: ['admin'] })]),
    ).toThrow(/keeps its roles/);
  });

  it('the shipped declarations all sit on their spec routes: the portal route table is the spec table', () => {
    expect(ROUTES).toEqual(ROUTE_TABLE);
    expect(RESOURCES.map((d) => d.name)).toEqual(expect.arrayContaining(['menuManagement', 'userInfoSettings']));
  });
});
