import { z } from 'zod';
import { ROLES } from '../../../permissions/roles';
import { saveRolePermissionsBody } from '../../../contract/admin/roles';

/** The contract's body with the role narrowed to the 14 roles of permissions/ (2 naming `role` for any other). */
export const saveRoleBody = saveRolePermissionsBody.extend({ role: z.enum(ROLES) });
