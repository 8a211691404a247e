CREATE TABLE "mail_job_deliveries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mail_job_deliveries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"run_id" integer NOT NULL,
	"user_id" integer,
	"recipient" text NOT NULL,
	"language" text NOT NULL,
	"outbox_id" integer,
	"reason" text,
	"state" text NOT NULL,
	"figures" jsonb
);
--> statement-breakpoint
CREATE TABLE "mail_job_runs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mail_job_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"mail_job_id" integer NOT NULL,
	"trigger" text NOT NULL,
	"scheduled_for" timestamp with time zone NOT NULL,
	"period" text NOT NULL,
	"state" text NOT NULL,
	"requested_by" integer,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"error" text,
	"report_id" integer,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_jobs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mail_jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"day_of_month" smallint,
	"weekday" smallint,
	"hour" smallint NOT NULL,
	"time_zone" text NOT NULL,
	"recipient_roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"recipient_countries" text[] DEFAULT '{}'::text[] NOT NULL,
	"recipient_user_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"include_installers" boolean DEFAULT false NOT NULL,
	"next_run_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "generated_reports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "generated_reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"params" jsonb NOT NULL,
	"file_name" text NOT NULL,
	"state" text NOT NULL,
	"requested_by" integer,
	"language" text NOT NULL,
	"storage_key" text,
	"size" bigint,
	"error" text,
	"created_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "html" text;--> statement-breakpoint
ALTER TABLE "mail_job_deliveries" ADD CONSTRAINT "mail_job_deliveries_run_id_mail_job_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."mail_job_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_job_deliveries" ADD CONSTRAINT "mail_job_deliveries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_job_deliveries" ADD CONSTRAINT "mail_job_deliveries_outbox_id_mail_outbox_id_fk" FOREIGN KEY ("outbox_id") REFERENCES "public"."mail_outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_job_runs" ADD CONSTRAINT "mail_job_runs_mail_job_id_mail_jobs_id_fk" FOREIGN KEY ("mail_job_id") REFERENCES "public"."mail_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_job_runs" ADD CONSTRAINT "mail_job_runs_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_jobs" ADD CONSTRAINT "mail_jobs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generated_reports" ADD CONSTRAINT "generated_reports_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mail_job_deliveries_run_user_idx" ON "mail_job_deliveries" USING btree ("run_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mail_job_runs_scheduled_idx" ON "mail_job_runs" USING btree ("mail_job_id","scheduled_for") WHERE "mail_job_runs"."trigger" = 'schedule';--> statement-breakpoint
CREATE INDEX "mail_job_runs_job_idx" ON "mail_job_runs" USING btree ("mail_job_id","created_at");--> statement-breakpoint
CREATE INDEX "generated_reports_created_idx" ON "generated_reports" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "generated_reports_requester_idx" ON "generated_reports" USING btree ("requested_by");