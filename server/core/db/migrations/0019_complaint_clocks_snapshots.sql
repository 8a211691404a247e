CREATE TABLE "complaint_snapshots" (
	"complaint_id" integer PRIMARY KEY NOT NULL,
	"snapshot" jsonb NOT NULL,
	"taken_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "complaint_snapshots" ADD CONSTRAINT "complaint_snapshots_complaint_id_complaints_id_fk" FOREIGN KEY ("complaint_id") REFERENCES "public"."complaints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "complaints_due_at_idx" ON "complaints" USING btree ("due_at");