CREATE TABLE "alarm_events" (
	"system_id" integer NOT NULL,
	"alarm_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "alarm_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"by_user_id" integer,
	"by_name" text,
	"note" text,
	CONSTRAINT "alarm_events_system_id_alarm_id_id_pk" PRIMARY KEY("system_id","alarm_id","id")
);
--> statement-breakpoint
CREATE TABLE "alarms" (
	"system_id" integer NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "alarms_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"component" text NOT NULL,
	"severity" text NOT NULL,
	"description" text NOT NULL,
	"state" text NOT NULL,
	"first_seen_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"occurrences" integer DEFAULT 1 NOT NULL,
	"clear_due_at" timestamp with time zone,
	"cleared_at" timestamp with time zone,
	"acknowledged_at" timestamp with time zone,
	"acknowledged_by" integer,
	"acknowledged_by_name" text,
	"acknowledge_note" text,
	"assignee_id" integer,
	"reminded_at" timestamp with time zone,
	CONSTRAINT "alarms_system_id_id_pk" PRIMARY KEY("system_id","id")
);
--> statement-breakpoint
ALTER TABLE "alarm_events" ADD CONSTRAINT "alarm_events_by_user_id_users_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarms" ADD CONSTRAINT "alarms_system_id_systems_id_fk" FOREIGN KEY ("system_id") REFERENCES "public"."systems"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarms" ADD CONSTRAINT "alarms_acknowledged_by_users_id_fk" FOREIGN KEY ("acknowledged_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarms" ADD CONSTRAINT "alarms_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alarms_one_open" ON "alarms" USING btree ("system_id","component","code") WHERE "alarms"."cleared_at" IS NULL;--> statement-breakpoint
CREATE INDEX "alarms_open_idx" ON "alarms" USING btree ("state","clear_due_at") WHERE "alarms"."cleared_at" IS NULL;--> statement-breakpoint
CREATE INDEX "alarms_first_seen_idx" ON "alarms" USING btree ("first_seen_at");--> statement-breakpoint
CREATE INDEX "alarms_id_idx" ON "alarms" USING btree ("id");