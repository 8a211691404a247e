CREATE TABLE "customer_archives" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "customer_archives_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"contact" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"area" text DEFAULT '' NOT NULL,
	"country" text NOT NULL,
	"state" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"postcode" text NOT NULL,
	"remarks" text DEFAULT '' NOT NULL,
	"installer_company" text DEFAULT '' NOT NULL,
	"installer_contact" text DEFAULT '' NOT NULL,
	"installer_phone" text DEFAULT '' NOT NULL,
	"installer_email" text DEFAULT '' NOT NULL,
	"installer_address" text DEFAULT '' NOT NULL,
	"installer_remark" text DEFAULT '' NOT NULL,
	"license" text NOT NULL,
	"sys_sn" text NOT NULL,
	"inverter_sn" text DEFAULT '' NOT NULL,
	"battery_model" text DEFAULT '' NOT NULL,
	"user_id" integer,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_records" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "customer_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"archive_id" integer NOT NULL,
	"kind" text NOT NULL,
	"record_date" date NOT NULL,
	"person" text NOT NULL,
	"contents" text NOT NULL,
	"complaint_id" integer,
	"sys_sn" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer_archives" ADD CONSTRAINT "customer_archives_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_records" ADD CONSTRAINT "customer_records_archive_id_customer_archives_id_fk" FOREIGN KEY ("archive_id") REFERENCES "public"."customer_archives"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_records" ADD CONSTRAINT "customer_records_complaint_id_complaints_id_fk" FOREIGN KEY ("complaint_id") REFERENCES "public"."complaints"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_archives_license_uq" ON "customer_archives" USING btree (lower("license"));--> statement-breakpoint
CREATE UNIQUE INDEX "customer_archives_name_postcode_uq" ON "customer_archives" USING btree (lower("name"),lower("postcode"));--> statement-breakpoint
CREATE UNIQUE INDEX "customer_archives_sys_sn_uq" ON "customer_archives" USING btree ("sys_sn");--> statement-breakpoint
CREATE INDEX "customer_archives_user_idx" ON "customer_archives" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "customer_archives_created_idx" ON "customer_archives" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "customer_records_archive_idx" ON "customer_records" USING btree ("archive_id","record_date");--> statement-breakpoint
CREATE INDEX "customer_records_date_idx" ON "customer_records" USING btree ("record_date","id");--> statement-breakpoint
CREATE INDEX "customer_records_sys_sn_idx" ON "customer_records" USING btree ("sys_sn");--> statement-breakpoint
CREATE INDEX "customer_records_complaint_idx" ON "customer_records" USING btree ("complaint_id");