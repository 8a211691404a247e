DROP TABLE "system_installations" CASCADE;--> statement-breakpoint
ALTER TABLE "system_components" ADD COLUMN "mac" text;