CREATE TABLE "component_history" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "component_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"system_id" integer NOT NULL,
	"kind" text NOT NULL,
	"old_sn" text NOT NULL,
	"new_sn" text NOT NULL,
	"old_model" text DEFAULT '' NOT NULL,
	"new_model" text DEFAULT '' NOT NULL,
	"reason" text NOT NULL,
	"old_sn_state" text DEFAULT '' NOT NULL,
	"maintenance_record_id" integer,
	"changed_by" text NOT NULL,
	"changed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "installation_records" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "installation_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"sys_sn" text NOT NULL,
	"installer_person" text NOT NULL,
	"installed_on" date NOT NULL,
	"commissioned_on" date NOT NULL,
	"wiring_notes" text DEFAULT '' NOT NULL,
	"settings_notes" text DEFAULT '' NOT NULL,
	"insulation_mohm" double precision,
	"grid_code" text DEFAULT '' NOT NULL,
	"ct_direction_checked" boolean DEFAULT false NOT NULL,
	"backup_tested" boolean DEFAULT false NOT NULL,
	"customer_instructed" boolean DEFAULT false NOT NULL,
	"check_notes" text DEFAULT '' NOT NULL,
	"accepted_by" text DEFAULT '' NOT NULL,
	"accepted_on" date,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "maintenance_records" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "maintenance_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"sys_sn" text NOT NULL,
	"performed_on" date NOT NULL,
	"performed_time" text NOT NULL,
	"kind" text NOT NULL,
	"engineer" text NOT NULL,
	"remarks" text NOT NULL,
	"work_done" text DEFAULT '' NOT NULL,
	"firmware_before" text DEFAULT '' NOT NULL,
	"firmware_after" text DEFAULT '' NOT NULL,
	"complaint_id" integer,
	"alarm_ref" text DEFAULT '' NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "component_history" ADD CONSTRAINT "component_history_system_id_systems_id_fk" FOREIGN KEY ("system_id") REFERENCES "public"."systems"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "component_history" ADD CONSTRAINT "component_history_maintenance_record_id_maintenance_records_id_fk" FOREIGN KEY ("maintenance_record_id") REFERENCES "public"."maintenance_records"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_records" ADD CONSTRAINT "maintenance_records_complaint_id_complaints_id_fk" FOREIGN KEY ("complaint_id") REFERENCES "public"."complaints"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "component_history_system_idx" ON "component_history" USING btree ("system_id","changed_at");--> statement-breakpoint
CREATE INDEX "component_history_record_idx" ON "component_history" USING btree ("maintenance_record_id");--> statement-breakpoint
CREATE INDEX "component_history_old_sn_idx" ON "component_history" USING btree (lower("old_sn"));--> statement-breakpoint
CREATE UNIQUE INDEX "installation_records_sys_sn_uq" ON "installation_records" USING btree ("sys_sn");--> statement-breakpoint
CREATE INDEX "installation_records_commissioned_idx" ON "installation_records" USING btree ("commissioned_on");--> statement-breakpoint
CREATE INDEX "maintenance_records_sys_sn_idx" ON "maintenance_records" USING btree ("sys_sn","performed_on");--> statement-breakpoint
CREATE INDEX "maintenance_records_performed_idx" ON "maintenance_records" USING btree ("performed_on");