CREATE TABLE "system_installations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "system_installations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"system_id" integer NOT NULL,
	"sys_sn" text NOT NULL,
	"installer_company_id" integer,
	"installer_company" text DEFAULT '' NOT NULL,
	"installed_by" text NOT NULL,
	"customer" text DEFAULT '' NOT NULL,
	"invited_email" text DEFAULT '' NOT NULL,
	"ems_mac" text DEFAULT '' NOT NULL,
	"commissioned_on" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "system_installations_system_id_unique" UNIQUE("system_id")
);
--> statement-breakpoint
ALTER TABLE "system_installations" ADD CONSTRAINT "system_installations_system_id_systems_id_fk" FOREIGN KEY ("system_id") REFERENCES "public"."systems"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_installations" ADD CONSTRAINT "system_installations_installer_company_id_installer_companies_id_fk" FOREIGN KEY ("installer_company_id") REFERENCES "public"."installer_companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "system_installations_company_idx" ON "system_installations" USING btree ("installer_company_id");