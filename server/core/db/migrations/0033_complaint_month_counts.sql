CREATE TABLE "complaint_month_counts" (
	"status" text NOT NULL,
	"type" text NOT NULL,
	"country" text NOT NULL,
	"model" text NOT NULL,
	"team" text NOT NULL,
	"month" date NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "complaint_month_counts_month_status_type_country_model_team_pk" PRIMARY KEY("month","status","type","country","model","team")
);
--> statement-breakpoint
CREATE INDEX "complaints_last_change_idx" ON "complaints" USING btree (greatest("created_at", "updated_at"));--> statement-breakpoint
-- The counts of the complaints already stored.
INSERT INTO "complaint_month_counts" ("status", "type", "country", "model", "team", "month", "n")
SELECT "status", "type", "country", coalesce("system_model", ''), coalesce("team", ''),
       date_trunc('month', greatest("created_at", "updated_at") AT TIME ZONE 'UTC')::date, count(*)::int
  FROM "complaints" GROUP BY 1, 2, 3, 4, 5, 6;
--> statement-breakpoint
-- Once per statement, over its transition tables: the rows a statement wrote leave their old key and join their new
-- one (a bulk write costs one aggregate, and a write that changes none of the keys, such as a due date, writes nothing).
-- A key nobody holds any more keeps a row with n = 0.
CREATE FUNCTION "complaint_month_counts_keep"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "complaint_month_counts" ("status", "type", "country", "model", "team", "month", "n")
    SELECT "status", "type", "country", coalesce("system_model", ''), coalesce("team", ''),
           date_trunc('month', greatest("created_at", "updated_at") AT TIME ZONE 'UTC')::date, count(*)::int
      FROM "new_rows" GROUP BY 1, 2, 3, 4, 5, 6
    ON CONFLICT ("month", "status", "type", "country", "model", "team") DO UPDATE SET "n" = "complaint_month_counts"."n" + excluded."n";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "complaint_month_counts" ("status", "type", "country", "model", "team", "month", "n")
    SELECT "status", "type", "country", coalesce("system_model", ''), coalesce("team", ''),
           date_trunc('month', greatest("created_at", "updated_at") AT TIME ZONE 'UTC')::date, -count(*)::int
      FROM "old_rows" GROUP BY 1, 2, 3, 4, 5, 6
    ON CONFLICT ("month", "status", "type", "country", "model", "team") DO UPDATE SET "n" = "complaint_month_counts"."n" + excluded."n";
  ELSE
    INSERT INTO "complaint_month_counts" ("status", "type", "country", "model", "team", "month", "n")
    SELECT "status", "type", "country", "model", "team", "month", sum("d")::int
      FROM (SELECT "status", "type", "country", coalesce("system_model", '') AS "model", coalesce("team", '') AS "team",
                   date_trunc('month', greatest("created_at", "updated_at") AT TIME ZONE 'UTC')::date AS "month", -1 AS "d"
              FROM "old_rows"
            UNION ALL
            SELECT "status", "type", "country", coalesce("system_model", ''), coalesce("team", ''),
                   date_trunc('month', greatest("created_at", "updated_at") AT TIME ZONE 'UTC')::date, 1
              FROM "new_rows") AS "moved"
     GROUP BY 1, 2, 3, 4, 5, 6
    HAVING sum("d") <> 0
    ON CONFLICT ("month", "status", "type", "country", "model", "team") DO UPDATE SET "n" = "complaint_month_counts"."n" + excluded."n";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "complaints_month_counts_inserts" AFTER INSERT ON "complaints"
REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "complaint_month_counts_keep"();
--> statement-breakpoint
CREATE TRIGGER "complaints_month_counts_updates" AFTER UPDATE ON "complaints"
REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "complaint_month_counts_keep"();
--> statement-breakpoint
CREATE TRIGGER "complaints_month_counts_deletes" AFTER DELETE ON "complaints"
REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "complaint_month_counts_keep"();
--> statement-breakpoint
CREATE FUNCTION "complaint_month_counts_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "complaint_month_counts";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "complaints_month_counts_truncate" AFTER TRUNCATE ON "complaints"
FOR EACH STATEMENT EXECUTE FUNCTION "complaint_month_counts_clear"();
