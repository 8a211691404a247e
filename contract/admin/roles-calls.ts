import { defineEndpoint, schemasFrom } from '../endpoint';

/**
 * roleManagement's calls (the 14 roles and the menu entries each one's users see), registered by
 * server/admin/roles/routes.ts and called by src/features/admin/api.ts. Their schemas are in contract/admin/roles.ts.
 */

const schemasOf = schemasFrom(() => import('./roles'));
const tag = 'roleManagement';

export const roleCalls = {
  list: defineEndpoint({
    path: '/Role/GetRolePageList',
    tag,
    permission: { subject: 'role', action: 'read' },
    summary: 'The roles with the menu entries each one sees',
    schemas: schemasOf((s) => ({ body: s.rolePageBody, answer: s.rolePageAnswer })),
  }),
  savePermissions: defineEndpoint({
    path: '/Role/SaveRolePermissions',
    tag,
    permission: { subject: 'role', action: 'update' },
    summary: "Set the menu entries a role's users see (effective at their next login; 2 for a role that is none of the 14)",
    schemas: schemasOf((s) => ({ body: s.saveRolePermissionsBody, answer: s.saveRolePermissionsAnswer })),
  }),
};
