import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { OrganizationKind } from '../../../../permissions/roles';

/**
 * The companies scope hangs off (DESIGN §6, §10): installer companies, and the resellers, service partners and
 * suppliers they work with. Users, installer companies and components point at these rows by id, set only by
 * staff (user management); the free-text company on a user's own profile plays no part in what they see.
 */

/** A reseller, service partner or component supplier. */
export const organizations = pgTable(
  'organizations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').$type<OrganizationKind>().notNull(),
    name: text('name').notNull(),
    // The company's file (company management, resources/companyManagement.ts); empty until staff fill it.
    country: text('country').notNull().default(''),
    contact: text('contact').notNull().default(''),
    phone: text('phone').notNull().default(''),
    email: text('email').notNull().default(''),
    address: text('address').notNull().default(''),
    // The countries and regions it serves (a service partner's area), as staff write them.
    areas: text('areas').notNull().default(''),
    remark: text('remark').notNull().default(''),
  },
  (t) => [uniqueIndex('organizations_kind_name_idx').on(t.kind, t.name)],
);

/** An installer company, with the reseller it buys from and the service partner assigned to it. */
export const installerCompanies = pgTable(
  'installer_companies',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull().unique(),
    resellerId: integer('reseller_id').references(() => organizations.id, { onDelete: 'set null' }),
    servicePartnerId: integer('service_partner_id').references(() => organizations.id, { onDelete: 'set null' }),
    country: text('country').notNull().default(''),
    // The installer file (spec §3; resources/installerArchives.ts): kept on the company row the
    // systems already point at (systems.installer_company_id). Empty until staff fill the file.
    contact: text('contact').notNull().default(''),
    phone: text('phone').notNull().default(''),
    email: text('email').notNull().default(''),
    address: text('address').notNull().default(''),
    // The countries and regions it installs in (company management).
    areas: text('areas').notNull().default(''),
    remark: text('remark').notNull().default(''),
    license: text('license').notNull().default(''),
  },
  (t) => [
    index('installer_companies_reseller_idx').on(t.resellerId),
    index('installer_companies_service_partner_idx').on(t.servicePartnerId),
  ],
);
