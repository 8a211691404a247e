import { and, eq, inArray } from 'drizzle-orm';
import { ORGANIZATION_ROLES } from '../../../permissions/roles';
import { Code } from '../../../contract/codes';
import type { Row } from '../../core/crud/factory';
import type { Database } from '../../core/db';
import { installerCompanies, organizations } from '../../core/db/schema';
import { ApiError } from '../../core/http/envelope';

/**
 * The scope links of a user saved in user management (DESIGN §6, §10), the only place they are set: an
 * installer company for the installer role, an organization of a held role's kind for resellers, service
 * partners and suppliers. A link the user's roles do not use is cleared; one left out of an edit is kept; one
 * naming no such row (or an organization of another kind) answers 2 naming the field.
 */
export async function checkedScopeLinks(db: Database, values: Row, existing?: Row): Promise<Row> {
  const roles = values.roles as string[];
  const given = (field: string, column: string) =>
    (values[field] !== undefined ? values[field] : (existing?.[column] ?? null)) as number | null;

  const installerCompanyId = roles.includes('installer') ? given('installer_company_id', 'installerCompanyId') : null;
  if (installerCompanyId !== null) {
    const [row] = await db
      .select({ id: installerCompanies.id })
      .from(installerCompanies)
      .where(eq(installerCompanies.id, installerCompanyId));
    if (!row) throw invalid('installer_company_id');
  }

  const kinds = ORGANIZATION_ROLES.filter((kind) => roles.includes(kind));
  const organizationId = kinds.length > 0 ? given('organization_id', 'organizationId') : null;
  if (organizationId !== null) {
    const [row] = await db
      .select({ id: organizations.id })
      .from(organizations)
      .where(and(eq(organizations.id, organizationId), inArray(organizations.kind, kinds)));
    if (!row) throw invalid('organization_id');
  }
  return { ...values, installer_company_id: installerCompanyId, organization_id: organizationId };
}

function invalid(field: string): ApiError {
  return new ApiError(Code.PARAM_ERROR, `Parameter error: ${field}`, { data: { field } });
}
