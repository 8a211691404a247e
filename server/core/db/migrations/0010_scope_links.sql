CREATE TABLE "organizations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "organizations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
DROP INDEX "system_components_supplier_idx";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "installer_company_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "organization_id" integer;--> statement-breakpoint
ALTER TABLE "installer_companies" ADD COLUMN "reseller_id" integer;--> statement-breakpoint
ALTER TABLE "installer_companies" ADD COLUMN "service_partner_id" integer;--> statement-breakpoint
ALTER TABLE "system_components" ADD COLUMN "supplier_id" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "organizations_kind_name_idx" ON "organizations" USING btree ("kind","name");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_installer_company_id_installer_companies_id_fk" FOREIGN KEY ("installer_company_id") REFERENCES "public"."installer_companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "installer_companies" ADD CONSTRAINT "installer_companies_reseller_id_organizations_id_fk" FOREIGN KEY ("reseller_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "installer_companies" ADD CONSTRAINT "installer_companies_service_partner_id_organizations_id_fk" FOREIGN KEY ("service_partner_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_components" ADD CONSTRAINT "system_components_supplier_id_organizations_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "installer_companies_reseller_idx" ON "installer_companies" USING btree ("reseller_id");--> statement-breakpoint
CREATE INDEX "installer_companies_service_partner_idx" ON "installer_companies" USING btree ("service_partner_id");--> statement-breakpoint
CREATE INDEX "system_components_supplier_idx" ON "system_components" USING btree ("supplier_id");--> statement-breakpoint
-- Data: the company texts become rows and links by id (issue 10, defect 4). Each reseller, service partner
-- and supplier named by an installer company or a component becomes an organization of that kind; the
-- installer companies and components point at them; users keep the scope their company text gave them, as a
-- link only staff change from now on: installers to the installer company of that name, resellers, service
-- partners and suppliers to the organization of their role's kind and that name.
INSERT INTO "organizations" ("kind", "name")
SELECT DISTINCT 'reseller', btrim("reseller_company") FROM "installer_companies" WHERE btrim(coalesce("reseller_company", '')) <> ''
UNION
SELECT DISTINCT 'servicepartner', btrim("service_partner_company") FROM "installer_companies" WHERE btrim(coalesce("service_partner_company", '')) <> ''
UNION
SELECT DISTINCT 'supplier', btrim("supplier_company") FROM "system_components" WHERE btrim(coalesce("supplier_company", '')) <> ''
ORDER BY 1, 2;--> statement-breakpoint
UPDATE "installer_companies" AS c SET "reseller_id" = o."id" FROM "organizations" AS o
WHERE o."kind" = 'reseller' AND o."name" = btrim(c."reseller_company");--> statement-breakpoint
UPDATE "installer_companies" AS c SET "service_partner_id" = o."id" FROM "organizations" AS o
WHERE o."kind" = 'servicepartner' AND o."name" = btrim(c."service_partner_company");--> statement-breakpoint
UPDATE "system_components" AS sc SET "supplier_id" = o."id" FROM "organizations" AS o
WHERE o."kind" = 'supplier' AND o."name" = btrim(sc."supplier_company");--> statement-breakpoint
UPDATE "users" AS u SET "installer_company_id" = c."id" FROM "installer_companies" AS c
WHERE 'installer' = ANY(u."roles") AND c."name" = btrim(u."company");--> statement-breakpoint
UPDATE "users" AS u SET "organization_id" = o."id" FROM "organizations" AS o
WHERE o."kind" = ANY(u."roles") AND o."name" = btrim(u."company");--> statement-breakpoint
ALTER TABLE "installer_companies" DROP COLUMN "reseller_company";--> statement-breakpoint
ALTER TABLE "installer_companies" DROP COLUMN "service_partner_company";--> statement-breakpoint
ALTER TABLE "system_components" DROP COLUMN "supplier_company";