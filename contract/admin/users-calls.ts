import { defineEndpoint, schemasFrom } from '../endpoint';

/**
 * User management's own calls beside its generated list / one / save / delete (resources/userManagement.ts),
 * registered by server/admin/users/routes.ts and called by src/features/admin/api.ts. Their schemas are in
 * contract/admin/users.ts.
 */

const schemasOf = schemasFrom(() => import('./users'));
const tag = 'userManagement';
const readUsers = { subject: 'user', action: 'read' } as const;
const updateUsers = { subject: 'user', action: 'update' } as const;

export const userCalls = {
  lock: defineEndpoint({
    path: '/User/LockUser',
    tag,
    permission: updateUsers,
    summary: 'Lock (locked: true) or unlock a user; locking ends their sessions',
    schemas: schemasOf((s) => ({ body: s.lockUserBody, answer: s.lockUserAnswer })),
  }),
  resetPassword: defineEndpoint({
    path: '/User/ResetUserPassword',
    tag,
    permission: updateUsers,
    summary: "Give a user a new temporary password (answered once, never cached); ends the user's sessions",
    schemas: schemasOf((s) => ({ body: s.resetUserPasswordBody, answer: s.resetUserPasswordAnswer })),
  }),
  menuPermissions: defineEndpoint({
    path: '/User/GetUserMenuPermissions',
    tag,
    permission: readUsers,
    summary: "The menu entries a user's roles open and those hidden from the user",
    schemas: schemasOf((s) => ({ body: s.userMenuPermissionsBody, answer: s.userMenuPermissionsAnswer })),
  }),
  saveMenuPermissions: defineEndpoint({
    path: '/User/SaveUserMenuPermissions',
    tag,
    permission: updateUsers,
    summary: 'Hide menu entries from one user (effective at their next login)',
    schemas: schemasOf((s) => ({ body: s.saveUserMenuPermissionsBody, answer: s.saveUserMenuPermissionsAnswer })),
  }),
  history: defineEndpoint({
    path: '/User/GetUserHistory',
    tag,
    permission: readUsers,
    summary: 'What ties a user to the records (systems, logins, log rows, shares, licenses); deletable when none',
    schemas: schemasOf((s) => ({ body: s.userHistoryBody, answer: s.userHistoryAnswer })),
  }),
  remove: defineEndpoint({
    path: '/User/DeleteUser',
    tag,
    permission: { subject: 'user', action: 'delete' },
    summary: 'Delete a user without history (400 with history: deactivate instead)',
    schemas: schemasOf((s) => ({ body: s.deleteUserBody, answer: s.deleteUserAnswer })),
  }),
  deactivate: defineEndpoint({
    path: '/User/DeactivateUser',
    tag,
    permission: updateUsers,
    summary: 'Deactivate (deactivated: true: locked, sessions ended, history kept) or reactivate a user',
    schemas: schemasOf((s) => ({ body: s.deactivateUserBody, answer: s.deactivateUserAnswer })),
  }),
};
