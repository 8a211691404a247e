import { z } from 'zod';
import { LIST_MAX } from '../rules';
import { noBody, pageOf } from './common';

/** roleManagement: the 14 roles of spec §6 and which menu entries each one's users see. */

export const roleRow = z.object({
  role: z.string(),
  description: z.string(),
  available: z.array(z.string()).describe('entries the role table opens to this role'),
  menus: z.array(z.string()).describe("of those, the ones this role's users see"),
});
export type RoleRow = z.infer<typeof roleRow>;
export const rolePageBody = noBody;
export const rolePageAnswer = pageOf(roleRow);
export type RolePageAnswer = z.infer<typeof rolePageAnswer>;

/** `role` is one of the 14 roles (the server refuses any other of permissions/roles.ts with 2); `menus` empty answers 91. */
export const saveRolePermissionsBody = z.object({
  role: z.string().trim().min(1).max(32),
  description: z.string().trim().max(200).optional(),
  menus: z.array(z.string().max(64)).max(LIST_MAX),
});
export type SaveRolePermissionsBody = z.output<typeof saveRolePermissionsBody>;
export const saveRolePermissionsAnswer = z.object({ role: z.string(), menus: z.array(z.string()) });
export type SaveRolePermissionsAnswer = z.infer<typeof saveRolePermissionsAnswer>;
