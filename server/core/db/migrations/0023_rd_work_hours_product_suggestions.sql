CREATE TABLE "rd_work_hours" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rd_work_hours_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"engineer_id" integer NOT NULL,
	"engineer" text NOT NULL,
	"work_date" date NOT NULL,
	"hours" numeric(5, 2) NOT NULL,
	"kind" text NOT NULL,
	"complaint_id" integer,
	"project" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_suggestions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "product_suggestions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"description" text NOT NULL,
	"product_type" text NOT NULL,
	"complaint_id" integer,
	"sys_sn" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'submitted' NOT NULL,
	"reason" text,
	"version" text,
	"submitter_id" integer NOT NULL,
	"submitter" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rd_work_hours" ADD CONSTRAINT "rd_work_hours_engineer_id_users_id_fk" FOREIGN KEY ("engineer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rd_work_hours" ADD CONSTRAINT "rd_work_hours_complaint_id_complaints_id_fk" FOREIGN KEY ("complaint_id") REFERENCES "public"."complaints"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_suggestions" ADD CONSTRAINT "product_suggestions_complaint_id_complaints_id_fk" FOREIGN KEY ("complaint_id") REFERENCES "public"."complaints"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_suggestions" ADD CONSTRAINT "product_suggestions_submitter_id_users_id_fk" FOREIGN KEY ("submitter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rd_work_hours_engineer_day_idx" ON "rd_work_hours" USING btree ("engineer_id","work_date");--> statement-breakpoint
CREATE INDEX "rd_work_hours_day_idx" ON "rd_work_hours" USING btree ("work_date");--> statement-breakpoint
CREATE INDEX "rd_work_hours_complaint_idx" ON "rd_work_hours" USING btree ("complaint_id");--> statement-breakpoint
CREATE INDEX "product_suggestions_submitter_idx" ON "product_suggestions" USING btree ("submitter_id","created_at");--> statement-breakpoint
CREATE INDEX "product_suggestions_status_idx" ON "product_suggestions" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "product_suggestions_search_trgm_idx" ON "product_suggestions" USING gin (("title" || ' ' || "description") gin_trgm_ops);