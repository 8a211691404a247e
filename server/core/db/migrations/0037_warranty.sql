CREATE TABLE "system_warranties" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "system_warranties_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"system_id" integer NOT NULL,
	"sys_sn" text NOT NULL,
	"start_basis" text NOT NULL,
	"delivered_on" date,
	"start_on" date NOT NULL,
	"inverter_years" integer NOT NULL,
	"battery_years" integer NOT NULL,
	"battery_mwh" double precision NOT NULL,
	"battery_extendable" boolean DEFAULT true NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "system_warranties_system_id_unique" UNIQUE("system_id")
);
--> statement-breakpoint
CREATE TABLE "warranty_extensions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "warranty_extensions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"system_id" integer NOT NULL,
	"component" text NOT NULL,
	"years" integer NOT NULL,
	"mwh" double precision DEFAULT 0 NOT NULL,
	"key_id" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "warranty_extensions_key_id_unique" UNIQUE("key_id")
);
--> statement-breakpoint
CREATE TABLE "warranty_keys" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "warranty_keys_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"years" integer NOT NULL,
	"mwh" double precision DEFAULT 0 NOT NULL,
	"state" text NOT NULL,
	"expires_on" date NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "warranty_keys_code_unique" UNIQUE("code")
);
--> statement-breakpoint
ALTER TABLE "registration_failures" ADD COLUMN "purpose" text DEFAULT 'snCheck' NOT NULL;--> statement-breakpoint
ALTER TABLE "system_warranties" ADD CONSTRAINT "system_warranties_system_id_systems_id_fk" FOREIGN KEY ("system_id") REFERENCES "public"."systems"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_warranties" ADD CONSTRAINT "system_warranties_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warranty_extensions" ADD CONSTRAINT "warranty_extensions_system_id_systems_id_fk" FOREIGN KEY ("system_id") REFERENCES "public"."systems"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warranty_extensions" ADD CONSTRAINT "warranty_extensions_key_id_warranty_keys_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."warranty_keys"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warranty_extensions" ADD CONSTRAINT "warranty_extensions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warranty_keys" ADD CONSTRAINT "warranty_keys_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "warranty_extensions_system_idx" ON "warranty_extensions" USING btree ("system_id");--> statement-breakpoint
CREATE INDEX "warranty_keys_state_idx" ON "warranty_keys" USING btree ("state");