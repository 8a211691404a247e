CREATE TABLE "fault_subscriptions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fault_subscriptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"country" text DEFAULT 'all' NOT NULL,
	"model" text DEFAULT 'all' NOT NULL,
	"level" text DEFAULT 'all' NOT NULL,
	"fault_code" text DEFAULT 'all' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "fault_subscriptions_country_code" CHECK ("fault_subscriptions"."country" = 'all' OR "fault_subscriptions"."country" ~ '^[A-Z]{2}$'),
	CONSTRAINT "fault_subscriptions_level" CHECK ("fault_subscriptions"."level" IN ('all', 'warning', 'fault', 'protection'))
);
--> statement-breakpoint
CREATE TABLE "user_settings" (
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "user_settings_user_id_kind_pk" PRIMARY KEY("user_id","kind"),
	CONSTRAINT "user_settings_kind" CHECK ("user_settings"."kind" IN ('notifications', 'installer', 'staff'))
);
--> statement-breakpoint
ALTER TABLE "fault_subscriptions" ADD CONSTRAINT "fault_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_settings" ADD CONSTRAINT "user_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fault_subscriptions_user_idx" ON "fault_subscriptions" USING btree ("user_id");