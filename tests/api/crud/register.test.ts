import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineResource } from '../../../resources/types';
import { ADMIN_RESOURCES, RESOURCE_HOOKS } from '../../../server/admin/routes';
import type { AppDeps } from '../../../server/config';
import { registered } from './registered';

const deps = {} as AppDeps;

const widgets = (table?: string) =>
  defineResource({
    name: 'widgets',
    route: '/widgets',
    roles: ['admin'],
    namespace: 'admin',
    table,
    endpoints: { list: '/Widget/List' },
    fields: () => ({ code: { schema: z.string() } }),
  });

describe('registerResources: the generated calls of every declaration naming its table', () => {
  it("registers the administration's resources with their hooks, one service per declaration with a table", async () => {
    const services = await registered(deps, { resources: ADMIN_RESOURCES, hooks: RESOURCE_HOOKS });
    expect(Object.keys(services).sort()).toEqual(
      ADMIN_RESOURCES.filter((d) => d.table)
        .map((d) => d.name)
        .sort(),
    );
    expect(services.userInfoSettings).toBeUndefined();
    expect(services.licenseManagement!.hooks).toBe(RESOURCE_HOOKS.licenseManagement);
  });

  it('refuses a table name the schema does not export, and hooks for a resource it does not generate', async () => {
    await expect(registered(deps, { resources: [widgets('nowhere')] })).rejects.toThrow(/no table 'nowhere'/);
    await expect(registered(deps, { resources: [widgets()], hooks: { widgets: {} } })).rejects.toThrow(/hooks for 'widgets'/);
  });
});
