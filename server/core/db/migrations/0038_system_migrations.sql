CREATE TABLE "system_migration_saved_rows" (
	"migration_id" integer NOT NULL,
	"kind" text NOT NULL,
	"side" text NOT NULL,
	"key" text NOT NULL,
	"row" jsonb NOT NULL,
	CONSTRAINT "system_migration_saved_rows_migration_id_kind_side_key_pk" PRIMARY KEY("migration_id","kind","side","key")
);
--> statement-breakpoint
CREATE TABLE "system_migrations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "system_migrations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"old_system_id" integer NOT NULL,
	"old_sn" text NOT NULL,
	"new_system_id" integer NOT NULL,
	"new_sn" text NOT NULL,
	"state" text NOT NULL,
	"plan" jsonb NOT NULL,
	"progress" jsonb NOT NULL,
	"saved" jsonb NOT NULL,
	"error" text,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"finished_by" text,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "system_migration_saved_rows" ADD CONSTRAINT "system_migration_saved_rows_migration_id_system_migrations_id_fk" FOREIGN KEY ("migration_id") REFERENCES "public"."system_migrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "system_migrations_old_once" ON "system_migrations" USING btree ("old_system_id") WHERE "system_migrations"."state" <> 'reverted';--> statement-breakpoint
CREATE INDEX "system_migrations_new_idx" ON "system_migrations" USING btree ("new_system_id");--> statement-breakpoint
CREATE INDEX "system_migrations_created_idx" ON "system_migrations" USING btree ("created_at");