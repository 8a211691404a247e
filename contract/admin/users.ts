import { z } from 'zod';
import { LIST_MAX } from '../rules';
import { idBody } from './common';

/** The hand-written calls of user management (/User/*); the generated list / one / save / delete come from resources/userManagement.ts. */

export const lockUserBody = idBody.extend({ locked: z.boolean() });
export const lockUserAnswer = z.object({ id: z.number().int(), locked: z.boolean() });

export const resetUserPasswordBody = idBody;
export const resetUserPasswordAnswer = z.object({
  id: z.number().int(),
  username: z.string(),
  password: z.string().describe('the temporary password, shown this once'),
});

export const userMenuPermissionsBody = idBody;
export const userMenuPermissionsAnswer = z.object({
  id: z.number().int(),
  username: z.string(),
  available: z.array(z.string()).describe("menu keys the user's roles open"),
  menuDenied: z.array(z.string()).describe('of those, the ones hidden from this user'),
});

export const saveUserMenuPermissionsBody = idBody.extend({ menuDenied: z.array(z.string().max(64)).max(LIST_MAX) });
export const saveUserMenuPermissionsAnswer = z.object({ id: z.number().int(), menuDenied: z.array(z.string()) });

/** What ties a user to the records: a user with any of it is deactivated, never deleted. */
export const userHistory = z.object({
  systems: z.number().int().describe('systems owned plus virtual power plants managed'),
  sessions: z.number().int().describe('logins, live or ended'),
  logRows: z.number().int(),
  shares: z.number().int().describe('shares given or received, and invitations'),
  licenses: z.number().int(),
});
export type UserHistory = z.infer<typeof userHistory>;

export const userHistoryBody = idBody;
export const userHistoryAnswer = z.object({ id: z.number().int(), username: z.string(), history: userHistory, deletable: z.boolean() });
export type UserHistoryAnswer = z.infer<typeof userHistoryAnswer>;

export const deleteUserBody = idBody;
export const deleteUserAnswer = z.null();

export const deactivateUserBody = idBody.extend({ deactivated: z.boolean({ error: 'admin:validation.required' }) });
export const deactivateUserAnswer = z.object({ id: z.number().int(), deactivated: z.boolean(), locked: z.boolean() });

export type LockUserAnswer = z.infer<typeof lockUserAnswer>;
export type ResetUserPasswordAnswer = z.infer<typeof resetUserPasswordAnswer>;
export type UserMenuPermissionsAnswer = z.infer<typeof userMenuPermissionsAnswer>;
export type SaveUserMenuPermissionsAnswer = z.infer<typeof saveUserMenuPermissionsAnswer>;
export type DeactivateUserAnswer = z.infer<typeof deactivateUserAnswer>;
