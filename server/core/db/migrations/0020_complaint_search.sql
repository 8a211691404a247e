-- The complaint search's trigram indexes (pg_trgm: a trusted extension, in PGlite's contrib and PostgreSQL's).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "complaints_search_trgm_idx" ON "complaints" USING gin (("title" || ' ' || "description" || ' ' || "sys_sn") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "complaint_messages_content_trgm_idx" ON "complaint_messages" USING gin ("content" gin_trgm_ops);
