CREATE TABLE "dashboard_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"settings" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "electricity_tariffs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "electricity_tariffs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"system_id" integer,
	"currency" text NOT NULL,
	"base_price" double precision NOT NULL,
	"feed_in_price" double precision NOT NULL,
	"periods" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "energy_daily" (
	"system_id" integer NOT NULL,
	"day" date NOT NULL,
	"pv_kwh" double precision NOT NULL,
	"load_kwh" double precision NOT NULL,
	"charge_kwh" double precision NOT NULL,
	"discharge_kwh" double precision NOT NULL,
	"import_kwh" double precision NOT NULL,
	"export_kwh" double precision NOT NULL,
	"self_consumption_kwh" double precision NOT NULL,
	"samples" integer NOT NULL,
	CONSTRAINT "energy_daily_system_id_day_pk" PRIMARY KEY("system_id","day")
);
--> statement-breakpoint
CREATE TABLE "installer_companies" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "installer_companies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"reseller_company" text,
	"service_partner_company" text,
	"country" text DEFAULT '' NOT NULL,
	CONSTRAINT "installer_companies_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "share_invitations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "share_invitations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"sharer_user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "share_invitations_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "system_components" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "system_components_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"system_id" integer NOT NULL,
	"kind" text NOT NULL,
	"sn" text NOT NULL,
	"model" text NOT NULL,
	"firmware_version" text DEFAULT '' NOT NULL,
	"supplier_company" text
);
--> statement-breakpoint
CREATE TABLE "system_faults" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "system_faults_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"system_id" integer NOT NULL,
	"code" text NOT NULL,
	"level" text NOT NULL,
	"description" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "system_settings" (
	"system_id" integer PRIMARY KEY NOT NULL,
	"settings" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "system_weather" (
	"system_id" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"temperature_c" real NOT NULL,
	"cloud_cover" real NOT NULL,
	"condition" text NOT NULL,
	CONSTRAINT "system_weather_system_id_hour_pk" PRIMARY KEY("system_id","hour")
);
--> statement-breakpoint
CREATE TABLE "systems" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "systems_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"sys_sn" text NOT NULL,
	"sys_name" text DEFAULT '' NOT NULL,
	"popv" double precision NOT NULL,
	"minv" text NOT NULL,
	"poinv" double precision NOT NULL,
	"cobat" double precision NOT NULL,
	"mbat" text NOT NULL,
	"surpluscobat" double precision NOT NULL,
	"uscapacity" double precision NOT NULL,
	"ems_status" text,
	"trans_frequency" integer DEFAULT 300 NOT NULL,
	"site_kind" text DEFAULT 'household' NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"postcode" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"country_code" text NOT NULL,
	"time_zone" text NOT NULL,
	"installer_company_id" integer,
	"customer_user_id" integer,
	"vpp_id" integer,
	"commissioned_on" date,
	"system_cost" double precision,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"device_key_hash" text NOT NULL,
	"last_seen_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "systems_sys_sn_unique" UNIQUE("sys_sn"),
	CONSTRAINT "systems_device_key_hash_unique" UNIQUE("device_key_hash")
);
--> statement-breakpoint
CREATE TABLE "telemetry" (
	"system_id" integer NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"pv_w" integer NOT NULL,
	"load_w" integer NOT NULL,
	"battery_w" integer NOT NULL,
	"grid_w" integer NOT NULL,
	"soc" real NOT NULL,
	CONSTRAINT "telemetry_system_id_ts_pk" PRIMARY KEY("system_id","ts")
);
--> statement-breakpoint
CREATE TABLE "vpps" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vpps_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"manager_user_id" integer,
	CONSTRAINT "vpps_name_unique" UNIQUE("name")
);
--> statement-breakpoint
ALTER TABLE "dashboard_settings" ADD CONSTRAINT "dashboard_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "electricity_tariffs" ADD CONSTRAINT "electricity_tariffs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "electricity_tariffs" ADD CONSTRAINT "electricity_tariffs_system_id_systems_id_fk" FOREIGN KEY ("system_id") REFERENCES "public"."systems"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "energy_daily" ADD CONSTRAINT "energy_daily_system_id_systems_id_fk" FOREIGN KEY ("system_id") REFERENCES "public"."systems"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_invitations" ADD CONSTRAINT "share_invitations_sharer_user_id_users_id_fk" FOREIGN KEY ("sharer_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_components" ADD CONSTRAINT "system_components_system_id_systems_id_fk" FOREIGN KEY ("system_id") REFERENCES "public"."systems"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_faults" ADD CONSTRAINT "system_faults_system_id_systems_id_fk" FOREIGN KEY ("system_id") REFERENCES "public"."systems"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_settings" ADD CONSTRAINT "system_settings_system_id_systems_id_fk" FOREIGN KEY ("system_id") REFERENCES "public"."systems"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_weather" ADD CONSTRAINT "system_weather_system_id_systems_id_fk" FOREIGN KEY ("system_id") REFERENCES "public"."systems"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "systems" ADD CONSTRAINT "systems_installer_company_id_installer_companies_id_fk" FOREIGN KEY ("installer_company_id") REFERENCES "public"."installer_companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "systems" ADD CONSTRAINT "systems_customer_user_id_users_id_fk" FOREIGN KEY ("customer_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "systems" ADD CONSTRAINT "systems_vpp_id_vpps_id_fk" FOREIGN KEY ("vpp_id") REFERENCES "public"."vpps"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telemetry" ADD CONSTRAINT "telemetry_system_id_systems_id_fk" FOREIGN KEY ("system_id") REFERENCES "public"."systems"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vpps" ADD CONSTRAINT "vpps_manager_user_id_users_id_fk" FOREIGN KEY ("manager_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "electricity_tariffs_owner_idx" ON "electricity_tariffs" USING btree ("user_id",coalesce("system_id", 0));--> statement-breakpoint
CREATE INDEX "system_components_system_idx" ON "system_components" USING btree ("system_id");--> statement-breakpoint
CREATE INDEX "system_components_supplier_idx" ON "system_components" USING btree ("supplier_company");--> statement-breakpoint
CREATE UNIQUE INDEX "system_faults_identity_idx" ON "system_faults" USING btree ("system_id","code","started_at");--> statement-breakpoint
CREATE INDEX "system_faults_started_idx" ON "system_faults" USING btree ("started_at");--> statement-breakpoint
CREATE INDEX "systems_customer_idx" ON "systems" USING btree ("customer_user_id");--> statement-breakpoint
CREATE INDEX "systems_installer_idx" ON "systems" USING btree ("installer_company_id");--> statement-breakpoint
CREATE INDEX "systems_vpp_idx" ON "systems" USING btree ("vpp_id");--> statement-breakpoint
CREATE INDEX "systems_status_idx" ON "systems" USING btree ("ems_status");