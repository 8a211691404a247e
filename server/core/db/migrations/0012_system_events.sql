CREATE TABLE "system_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "system_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"system_id" integer NOT NULL,
	"kind" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"code" text,
	"level" text,
	"description" text
);
--> statement-breakpoint
ALTER TABLE "system_events" ADD CONSTRAINT "system_events_system_id_systems_id_fk" FOREIGN KEY ("system_id") REFERENCES "public"."systems"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "system_events_at_idx" ON "system_events" USING btree ("at");--> statement-breakpoint
CREATE INDEX "system_events_system_idx" ON "system_events" USING btree ("system_id","at");--> statement-breakpoint
-- The faults already stored are the events of the past: each start, and each end.
INSERT INTO "system_events" ("system_id", "kind", "at", "code", "level", "description")
SELECT "system_id", 'fault_started', "started_at", "code", "level", "description" FROM "system_faults"
UNION ALL
SELECT "system_id", 'fault_ended', "ended_at", "code", "level", "description" FROM "system_faults" WHERE "ended_at" IS NOT NULL;
--> statement-breakpoint
-- A fault reported for the first time starts (and, reported already over, also ends); a fault whose end
-- arrives later ends then. A re-sent report changes nothing, so it records nothing.
CREATE FUNCTION "system_events_from_faults"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "system_events" ("system_id", "kind", "at", "code", "level", "description")
    VALUES (NEW."system_id", 'fault_started', NEW."started_at", NEW."code", NEW."level", NEW."description");
  END IF;
  IF NEW."ended_at" IS NOT NULL AND (TG_OP = 'INSERT' OR OLD."ended_at" IS NULL) THEN
    INSERT INTO "system_events" ("system_id", "kind", "at", "code", "level", "description")
    VALUES (NEW."system_id", 'fault_ended', NEW."ended_at", NEW."code", NEW."level", NEW."description");
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "system_faults_events" AFTER INSERT OR UPDATE OF "ended_at" ON "system_faults"
FOR EACH ROW EXECUTE FUNCTION "system_events_from_faults"();
--> statement-breakpoint
-- Going offline is dated by the last report before the silence; coming back by the report that ended it.
CREATE FUNCTION "system_events_from_status"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "system_events" ("system_id", "kind", "at")
  VALUES (NEW."id", CASE WHEN NEW."ems_status" = 'offline' THEN 'offline' ELSE 'online' END,
          CASE WHEN NEW."ems_status" = 'offline' THEN coalesce(OLD."last_seen_at", now()) ELSE coalesce(NEW."last_seen_at", now()) END);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Ingest rewrites the status with every batch: only a change into or out of offline is an event.
CREATE TRIGGER "systems_offline_events" AFTER UPDATE OF "ems_status" ON "systems"
FOR EACH ROW WHEN ((OLD."ems_status" = 'offline') IS DISTINCT FROM (NEW."ems_status" = 'offline') AND (OLD."ems_status" IS NOT NULL OR NEW."ems_status" = 'offline'))
EXECUTE FUNCTION "system_events_from_status"();
