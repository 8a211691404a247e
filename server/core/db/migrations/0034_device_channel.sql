CREATE TABLE "command_batches" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "command_batches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"command" text NOT NULL,
	"params" jsonb NOT NULL,
	"target" jsonb NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"requested_by" integer,
	"requested_by_name" text,
	"rate_per_minute" integer NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"canceled_at" timestamp with time zone,
	"released" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_command_events" (
	"system_id" integer NOT NULL,
	"command_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "device_command_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"state" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"by_name" text,
	"message" text,
	CONSTRAINT "device_command_events_system_id_command_id_id_pk" PRIMARY KEY("system_id","command_id","id")
);
--> statement-breakpoint
CREATE TABLE "device_commands" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "device_commands_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"system_id" integer NOT NULL,
	"batch_id" integer,
	"command" text NOT NULL,
	"setting" text,
	"params" jsonb NOT NULL,
	"state" text NOT NULL,
	"source" text NOT NULL,
	"requested_by" integer,
	"requested_by_name" text,
	"retry_of" bigint,
	"released_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"result_minutes" integer NOT NULL,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"message" text,
	CONSTRAINT "device_commands_system_id_id_pk" PRIMARY KEY("system_id","id")
);
--> statement-breakpoint
CREATE TABLE "device_states" (
	"system_id" integer PRIMARY KEY NOT NULL,
	"online" boolean DEFAULT false NOT NULL,
	"session" text,
	"state_at" timestamp with time zone,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"settings_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "command_batches" ADD CONSTRAINT "command_batches_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_commands" ADD CONSTRAINT "device_commands_system_id_systems_id_fk" FOREIGN KEY ("system_id") REFERENCES "public"."systems"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_commands" ADD CONSTRAINT "device_commands_batch_id_command_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."command_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_commands" ADD CONSTRAINT "device_commands_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_states" ADD CONSTRAINT "device_states_system_id_systems_id_fk" FOREIGN KEY ("system_id") REFERENCES "public"."systems"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "device_commands_one_open_setting" ON "device_commands" USING btree ("system_id","setting") WHERE "device_commands"."state" IN ('pending', 'sent', 'delivered') AND "device_commands"."setting" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "device_commands_open_idx" ON "device_commands" USING btree ("state","expires_at") WHERE "device_commands"."state" IN ('pending', 'sent', 'delivered');--> statement-breakpoint
CREATE INDEX "device_commands_batch_idx" ON "device_commands" USING btree ("batch_id","system_id");--> statement-breakpoint
CREATE INDEX "device_commands_created_idx" ON "device_commands" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "device_commands_id_idx" ON "device_commands" USING btree ("id");