import type { AccessControlProvider } from '@refinedev/core';
import { canAccessKey } from '../auth/ability';

/** Refine actions onto the CASL actions of permissions/ability.ts. */
const ACTIONS: Record<string, 'access' | 'create' | 'update' | 'delete' | 'export'> = {
  list: 'access',
  show: 'access',
  access: 'access',
  create: 'create',
  clone: 'create',
  edit: 'update',
  update: 'update',
  delete: 'delete',
  export: 'export',
};

export const accessControlProvider: AccessControlProvider = {
  async can({ resource, action }) {
    if (!resource) return { can: true };
    const can = canAccessKey(resource, ACTIONS[action] ?? 'access');
    return can ? { can } : { can, reason: 'no permission' };
  },
  options: {
    buttons: { enableAccessControl: true, hideIfUnauthorized: true },
    // The answer depends on the stored user, which changes at login: never serve an old one.
    queryOptions: { staleTime: 0, gcTime: 0 },
  },
};
