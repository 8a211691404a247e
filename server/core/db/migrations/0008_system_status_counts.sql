CREATE TABLE "system_status_counts" (
	"status" text PRIMARY KEY NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
-- The counts of the systems already stored.
INSERT INTO "system_status_counts" ("status", "n")
SELECT coalesce("ems_status", 'unknown'), count(*)::int FROM "systems" GROUP BY 1;
--> statement-breakpoint
-- One row leaves its old status and joins its new one; a status nobody holds keeps a row with n = 0.
CREATE FUNCTION "system_status_counts_keep"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE "system_status_counts" SET "n" = "n" - 1 WHERE "status" = coalesce(OLD."ems_status", 'unknown');
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO "system_status_counts" ("status", "n") VALUES (coalesce(NEW."ems_status", 'unknown'), 1)
    ON CONFLICT ("status") DO UPDATE SET "n" = "system_status_counts"."n" + 1;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "systems_status_counts_rows" AFTER INSERT OR DELETE ON "systems"
FOR EACH ROW EXECUTE FUNCTION "system_status_counts_keep"();
--> statement-breakpoint
-- Ingest rewrites the status with every batch: only a real change counts.
CREATE TRIGGER "systems_status_counts_changes" AFTER UPDATE OF "ems_status" ON "systems"
FOR EACH ROW WHEN (OLD."ems_status" IS DISTINCT FROM NEW."ems_status") EXECUTE FUNCTION "system_status_counts_keep"();
--> statement-breakpoint
CREATE FUNCTION "system_status_counts_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "system_status_counts";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "systems_status_counts_truncate" AFTER TRUNCATE ON "systems"
FOR EACH STATEMENT EXECUTE FUNCTION "system_status_counts_clear"();
