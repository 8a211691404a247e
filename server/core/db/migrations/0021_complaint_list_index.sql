DROP INDEX "complaints_status_idx";--> statement-breakpoint
CREATE INDEX "complaints_status_type_created_idx" ON "complaints" USING btree ("status","type","created_at");